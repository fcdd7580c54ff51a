#!/usr/bin/env bash
set -euo pipefail
name="${1:?KEY_NAME}"
[[ "$name" =~ ^[A-Z][A-Z0-9_]*$ ]] || { echo "bad name"; exit 1; }
read -rsp "Value for $name: " val; echo
touch .env && chmod 600 .env
grep -v "^$name=" .env > .env.tmp || true
printf '%s=%s\n' "$name" "$val" >> .env.tmp && mv .env.tmp .env
grep -qx '.env' .gitignore 2>/dev/null || echo '.env' >> .gitignore
git ls-files --error-unmatch .env >/dev/null 2>&1 && echo "WARNING: .env is tracked by git; run: git rm --cached .env"
echo "$name saved to .env"
