# dusk palette
__pp_git() { local b; b=$(git symbolic-ref --short HEAD 2>/dev/null) || return; [ -n "$(git status --porcelain 2>/dev/null)" ] && b="$b*"; printf ' (%s)' "$b"; }
if [ -n "${ZSH_VERSION:-}" ]; then
  setopt PROMPT_SUBST
  PROMPT='%F{175}%n%f %F{110}%~%f%F{180}$(__pp_git)%f %(?.%F{114}.%F{203})❯%f '
else
  PS1='\[\e[38;5;175m\]\u\[\e[0m\] \[\e[38;5;110m\]\w\[\e[38;5;180m\]$(__pp_git)\[\e[0m\] ❯ '
fi
