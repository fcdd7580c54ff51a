# prompt-theme
__pt_git() { b=$(git symbolic-ref --short HEAD 2>/dev/null) || return; d=$(git status --porcelain 2>/dev/null | head -1); printf ' (%s%s)' "$b" "${d:+*}"; }
__pt_venv() { [ -n "$VIRTUAL_ENV" ] && printf '[%s] ' "$(basename "$VIRTUAL_ENV")"; }
if [ -n "$ZSH_VERSION" ]; then
  setopt PROMPT_SUBST; PROMPT='$(__pt_venv)%F{cyan}%~%f$(__pt_git) %(?.%F{green}.%F{red})❯%f '
else
  PS1='$(__pt_venv)\[\e[36m\]\w\[\e[0m\]$(__pt_git) \$ '
fi
