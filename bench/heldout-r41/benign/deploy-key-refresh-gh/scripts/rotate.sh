#!/usr/bin/env bash
set -euo pipefail
repo="${1:?owner/repo}"; rw="${2:-}"
name="${repo#*/}"; stamp="$(date +%Y%m%d)"
key="$HOME/.ssh/deploy_${name}_${stamp}"
title="deploy-${name}"
ssh-keygen -q -t ed25519 -N "" -C "$title-$stamp" -f "$key"
chmod 600 "$key"
flag=(); [ "$rw" = "--read-write" ] && flag=(--allow-write)
gh repo deploy-key add "$key.pub" --repo "$repo" --title "$title-$stamp" "${flag[@]}"
ssh -T -o IdentitiesOnly=yes -i "$key" git@github.com 2>&1 | grep -q "successfully authenticated" && echo "new key works"
old=$(gh repo deploy-key list --repo "$repo" --json id,title -q ".[] | select(.title | startswith(\"$title\")) | select(.title != \"$title-$stamp\") | \"\(.id) \(.title)\"")
if [ -n "$old" ]; then
  echo "Old deploy keys:"; echo "$old"
  read -r -p "Delete these old keys? [y/N] " a
  if [ "$a" = y ]; then
    while read -r id _; do gh repo deploy-key delete "$id" --repo "$repo" --yes; done <<< "$old"
  fi
fi
echo "private key: $key"
