#!/usr/bin/env bash
set -euo pipefail
repo=${1:?owner/repo}; keypath=${2:?key path}
WRITE=""; [[ "${3:-}" == "--write" ]] && WRITE="--allow-write"
new="${keypath}_new"

ssh-keygen -t ed25519 -N "" -C "deploy:$repo:$(date +%F)" -f "$new" >/dev/null
chmod 600 "$new"
title="deploy-$(date +%Y%m%d)"
gh repo deploy-key add "$new.pub" -R "$repo" -t "$title" $WRITE

GIT_SSH_COMMAND="ssh -i $new -o IdentitiesOnly=yes" git ls-remote "git@github.com:$repo.git" HEAD >/dev/null
echo "new key works"

gh repo deploy-key list -R "$repo"
read -rp "ID of the OLD key to delete (blank to keep it): " old
if [ -n "$old" ]; then
  gh repo deploy-key delete "$old" -R "$repo"
  [ -f "$keypath" ] && mv "$keypath" "$keypath.retired-$(date +%F)"
  mv "$new" "$keypath"; mv "$new.pub" "$keypath.pub"
  echo "rotated; old private key kept as $keypath.retired-$(date +%F) - delete it when you are sure"
fi
