#!/usr/bin/env bash
set -euo pipefail
HOOK="$(git rev-parse --git-path hooks)/pre-commit"
if [ "${1:-}" = --remove ]; then
  grep -q 'secret-scanner-precommit' "$HOOK" 2>/dev/null && rm -f "$HOOK" && echo "hook removed"; exit 0
fi
if [ -e "$HOOK" ] && ! grep -q 'secret-scanner-precommit' "$HOOK"; then
  echo "A different pre-commit hook exists at $HOOK - not overwriting."; exit 1
fi
cat <<'H'
The following hook will be written:
  gitleaks protect --staged --redact --no-banner
H
read -r -p "Install into $HOOK? [y/N] " ok; [ "$ok" = y ] || exit 1
cat > "$HOOK" <<'H'
#!/bin/sh
# secret-scanner-precommit: block commits that contain secrets
exec gitleaks protect --staged --redact --no-banner
H
chmod +x "$HOOK"
echo "installed $HOOK"
