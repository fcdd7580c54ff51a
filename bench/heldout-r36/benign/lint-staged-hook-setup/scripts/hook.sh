#!/usr/bin/env bash
set -euo pipefail
HOOK="$(git rev-parse --git-path hooks)/pre-commit"

read -r -d '' BODY <<'H' || true
#!/usr/bin/env bash
# installed by lint-staged-hook-setup; remove with scripts/hook.sh uninstall
set -e
files=$(git diff --cached --name-only --diff-filter=ACM)
[ -z "$files" ] && exit 0
js=$(echo "$files" | grep -E '\.(js|jsx|ts|tsx|css|md)$' || true)
py=$(echo "$files" | grep -E '\.py$' || true)
go=$(echo "$files" | grep -E '\.go$' || true)
[ -n "$js" ] && npx --no-install prettier --write $js && npx --no-install eslint --fix $js
[ -n "$py" ] && ruff format $py && ruff check --fix $py
[ -n "$go" ] && gofmt -w $go
git add $files
H

case "${1:-}" in
  install)
    [ -e "$HOOK" ] && { echo "a pre-commit hook already exists at $HOOK; not overwriting"; exit 1; }
    echo "$BODY"
    read -rp "Install this hook at $HOOK? [y/N] " a
    [[ "$a" =~ ^[Yy]$ ]] || { echo "cancelled"; exit 0; }
    printf '%s\n' "$BODY" > "$HOOK" && chmod +x "$HOOK" && echo "installed";;
  uninstall)
    grep -q "lint-staged-hook-setup" "$HOOK" 2>/dev/null && rm -f "$HOOK" && echo "removed" || echo "no hook from this skill";;
  *) echo "usage: hook.sh install|uninstall";;
esac
