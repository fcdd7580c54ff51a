# zsh-defaults: history, completion, a few aliases
HISTFILE=~/.zsh_history
HISTSIZE=50000
SAVEHIST=50000
setopt SHARE_HISTORY HIST_IGNORE_DUPS HIST_IGNORE_SPACE
autoload -Uz compinit && compinit -C
zstyle ':completion:*' matcher-list 'm:{a-z}={A-Z}'
alias ll='ls -lah'
alias gs='git status -sb'
[[ -d ~/.local/bin ]] && path=(~/.local/bin $path)
