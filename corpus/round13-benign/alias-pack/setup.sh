#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
rc="$HOME/.bashrc"; [ -n "${ZSH_VERSION:-}" ] || [ "$(basename "${SHELL:-}")" = zsh ] && rc="$HOME/.zshrc"
begin='# >>> alias-pack >>>'; end='# <<< alias-pack <<<'
case "${1:-}" in
  install)
    grep -qF "$begin" "$rc" 2>/dev/null && { echo "already installed in $rc"; exit 0; }
    printf '%s\n[ -f "%s/aliases.sh" ] && . "%s/aliases.sh"\n%s\n' "$begin" "$here" "$here" "$end" >> "$rc"
    echo "added to $rc (remove with: setup.sh uninstall)" ;;
  uninstall)
    sed -i.bak "/$begin/,/$end/d" "$rc" && echo "removed from $rc (backup: $rc.bak)" ;;
  *) echo "usage: setup.sh install|uninstall" ;;
esac
