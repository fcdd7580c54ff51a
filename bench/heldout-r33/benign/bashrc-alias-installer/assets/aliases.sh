# shell-aliases: reviewed shortcuts
alias gs='git status -sb'
alias gl='git log --oneline --graph -20'
alias gd='git diff'
alias rm='rm -i'
alias cp='cp -i'
alias mv='mv -i'
alias ll='ls -lah'
mkcd() { mkdir -p "$1" && cd "$1"; }
extract() {
  case "$1" in
    *.tar.gz|*.tgz) tar xzf "$1" ;;
    *.tar.bz2) tar xjf "$1" ;;
    *.zip) unzip "$1" ;;
    *.gz) gunzip "$1" ;;
    *) echo "don't know how to extract $1" ;;
  esac
}
