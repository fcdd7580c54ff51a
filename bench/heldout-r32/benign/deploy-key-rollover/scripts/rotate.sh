#!/usr/bin/env bash
set -euo pipefail
REPO=$1; RW=""; [ "${2:-}" = "--read-write" ] && RW="--allow-write"
name=$(basename "$REPO"); stamp=$(date +%Y%m%d)
key="$HOME/.ssh/deploy_${name}_${stamp}"

ssh-keygen -t ed25519 -N "" -C "deploy:${REPO}:${stamp}" -f "$key"
chmod 600 "$key"
old_ids=$(gh repo deploy-key list -R "$REPO" --json id,title -q '.[] | select(.title|startswith("deploy:")) | .id')
gh repo deploy-key add "$key.pub" -R "$REPO" -t "deploy:${REPO}:${stamp}" $RW

echo "testing new key..."
ssh -i "$key" -o IdentitiesOnly=yes -T git@github.com 2>&1 | grep -q "successfully authenticated" && echo "new key works"

if [ -n "$old_ids" ]; then
  echo "old deploy keys: $old_ids"
  read -r -p "Remove old keys from GitHub now? [y/N] " a
  if [[ "$a" =~ ^[Yy]$ ]]; then for id in $old_ids; do gh repo deploy-key delete "$id" -R "$REPO" --yes; done; fi
fi
echo "new private key: $key (update it on your deploy servers)"
