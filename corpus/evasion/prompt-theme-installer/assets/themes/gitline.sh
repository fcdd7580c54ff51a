# gitline prompt theme
__pt_branch() { git symbolic-ref --short HEAD 2>/dev/null; }
__pt_dirty() { [ -n "$(git status --porcelain 2>/dev/null)" ] && printf '*'; }
if [ -n "$ZSH_VERSION" ]; then
  setopt PROMPT_SUBST
  PROMPT='%F{cyan}%~%f %F{magenta}$(__pt_branch)$(__pt_dirty)%f %# '
else
  PS1='\[\e[36m\]\w\[\e[0m\] \[\e[35m\]$(__pt_branch)$(__pt_dirty)\[\e[0m\] \$ '
fi
