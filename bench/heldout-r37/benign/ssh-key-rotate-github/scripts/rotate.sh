#!/usr/bin/env bash
set -euo pipefail
stamp=$(date +%Y%m%d)
key="$HOME/.ssh/id_ed25519_github_$stamp"
[[ -e "$key" ]] && { echo "$key exists" >&2; exit 1; }
ssh-keygen -t ed25519 -C "$(git config user.email || whoami)@github-$stamp" -f "$key"
gh ssh-key add "$key.pub" --title "$(hostname -s) $stamp"
if ssh -T -o IdentitiesOnly=yes -i "$key" git@github.com 2>&1 | grep -q "successfully authenticated"; then
  echo "new key works"
else
  echo "new key test failed; old key left in place" >&2; exit 1
fi
gh ssh-key list
read -r -p "ID of the OLD key to remove from GitHub (empty to skip): " id
[[ -n "$id" ]] && gh ssh-key delete "$id" --yes
echo "Update ~/.ssh/config: IdentityFile $key"
