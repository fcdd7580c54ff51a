#!/usr/bin/env bash
set -euo pipefail
repo="${1:?owner/repo}"; key="${2:?key path}"
old_id="$(gh repo deploy-key list -R "$repo" --json id,title -q '.[] | select(.title|startswith("rotated-")) | .id' | head -n1 || true)"
ssh-keygen -t ed25519 -N "" -C "deploy $repo $(date +%F)" -f "$key.new"
chmod 600 "$key.new"
gh repo deploy-key add "$key.new.pub" -R "$repo" --title "rotated-$(date +%F)"
echo "Test now: ssh -T -i $key.new git@github.com"
read -r -p "Did it work? Remove old key $old_id and swap files? [y/N] " ok
if [ "$ok" = y ]; then
  [ -n "$old_id" ] && gh repo deploy-key delete "$old_id" -R "$repo"
  mv "$key.new" "$key"; mv "$key.new.pub" "$key.pub"
fi
