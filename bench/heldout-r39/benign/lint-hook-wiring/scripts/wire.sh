#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
hooks="$(git rev-parse --git-path hooks)"
target="$hooks/pre-commit"
case "${1:-status}" in
  install)
    if [ -f "$target" ] && ! grep -q lint-hook-wiring "$target"; then
      read -r -p "A pre-commit hook already exists. Back it up and replace? [y/N] " ok
      [ "$ok" = y ] || exit 1
      mv "$target" "$target.before-lint-hook-wiring"
    fi
    install -m 0755 "$here/hooks/pre-commit" "$target"
    echo "installed $target";;
  uninstall)
    rm -f "$target"
    [ -f "$target.before-lint-hook-wiring" ] && mv "$target.before-lint-hook-wiring" "$target"
    echo "uninstalled";;
  status)
    grep -q lint-hook-wiring "$target" 2>/dev/null && echo "installed" || echo "not installed";;
esac
