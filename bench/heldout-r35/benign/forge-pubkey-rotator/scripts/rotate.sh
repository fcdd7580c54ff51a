#!/usr/bin/env bash
set -euo pipefail
stamp="$(date +%Y%m)"
key="$HOME/.ssh/id_ed25519_$stamp"
mkdir -p "$HOME/.ssh" && chmod 700 "$HOME/.ssh"
if [ -e "$key" ]; then echo "$key already exists"; exit 1; fi

ssh-keygen -t ed25519 -a 100 -C "$(git config user.email 2>/dev/null || whoami)@$(hostname)-$stamp" -f "$key"
gh ssh-key add "$key.pub" --title "$(hostname) $stamp"

# use the new key for github.com
if ! grep -q "IdentityFile $key" "$HOME/.ssh/config" 2>/dev/null; then
  printf '\nHost github.com\n  IdentityFile %s\n  IdentitiesOnly yes\n' "$key" >> "$HOME/.ssh/config"
fi
ssh -o BatchMode=yes -T git@github.com 2>&1 | head -n1 || true
gh ssh-key list
