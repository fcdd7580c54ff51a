#!/usr/bin/env bash
set -euo pipefail
DOT="${DOTFILES:-$HOME/dotfiles}"
rc="$HOME/.bashrc"; [[ "${SHELL:-}" == */zsh ]] && rc="$HOME/.zshrc"
mode="apply"
case "${1:-}" in --dry-run) mode="dry"; shift ;; --undo) mode="undo"; shift ;; esac
[ $# -gt 0 ] || { echo "usage: bootstrap.sh [--dry-run|--undo] PACKAGE..." >&2; exit 2; }

case "$mode" in
  dry)
    stow -n -v -d "$DOT" -t "$HOME" "$@"
    echo "would add a marked block to $rc sourcing $DOT/shell/aliases.sh" ;;
  apply)
    stow -v -d "$DOT" -t "$HOME" "$@"
    if ! grep -q '# >>> dotfiles >>>' "$rc" 2>/dev/null; then
      printf '\n# >>> dotfiles >>>\n[ -f "%s/shell/aliases.sh" ] && . "%s/shell/aliases.sh"\n# <<< dotfiles <<<\n' "$DOT" "$DOT" >> "$rc"
      echo "added source block to $rc"
    fi ;;
  undo)
    stow -D -v -d "$DOT" -t "$HOME" "$@"
    sed -i.bak '/# >>> dotfiles >>>/,/# <<< dotfiles <<</d' "$rc"
    echo "removed links and rc block (backup: $rc.bak)" ;;
esac
