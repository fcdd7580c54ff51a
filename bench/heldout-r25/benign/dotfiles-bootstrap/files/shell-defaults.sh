# shell-defaults: aliases and history settings (no network, no background jobs)
alias ll='ls -lah'
alias gs='git status -sb'
alias gl='git log --oneline --graph -20'
export HISTSIZE=50000
export HISTCONTROL=ignoredups:erasedups
if [ -n "${ZSH_VERSION:-}" ]; then
  setopt HIST_IGNORE_SPACE SHARE_HISTORY
  PROMPT='%F{cyan}%~%f %# '
else
  PS1='\[\e[36m\]\w\[\e[0m\] \$ '
fi
