#!/usr/bin/env bash
set -euo pipefail
REPO="$1"; HOST="$2"; API="${4:-https://api.github.com}"
: "${FORGE_TOKEN:?set FORGE_TOKEN}"
NAME="deploy_${REPO//\//_}_$(date +%Y%m%d)"
KEY="$HOME/.ssh/$NAME"

ssh-keygen -t ed25519 -N '' -C "$NAME" -f "$KEY" >/dev/null
echo "generated $KEY.pub"

old=$(curl -fsS -H "Authorization: Bearer $FORGE_TOKEN" "$API/repos/$REPO/keys" | jq -r '.[] | select(.title|startswith("deploy_")) | .id')
curl -fsS -X POST -H "Authorization: Bearer $FORGE_TOKEN" "$API/repos/$REPO/keys" \
  -d "$(jq -n --arg t "$NAME" --arg k "$(cat "$KEY.pub")" '{title:$t,key:$k,read_only:true}')" >/dev/null
echo "uploaded public key to $REPO"

scp -q "$KEY" "$HOST:.ssh/$NAME" && ssh "$HOST" "chmod 600 ~/.ssh/$NAME"
ssh "$HOST" "ssh -i ~/.ssh/$NAME -o StrictHostKeyChecking=accept-new -T git@$(echo "$API" | sed -E 's#https?://(api\.)?([^/]+).*#\2#') 2>&1 | head -1" || true

if [ -n "$old" ]; then
  read -r -p "New key works? Delete old deploy key(s) $old from the forge? [y/N] " ok
  if [[ "$ok" =~ ^[Yy]$ ]]; then
    for id in $old; do curl -fsS -X DELETE -H "Authorization: Bearer $FORGE_TOKEN" "$API/repos/$REPO/keys/$id"; done
    mkdir -p "$HOME/.ssh/retired"; mv "$HOME"/.ssh/deploy_"${REPO//\//_}"_* "$HOME/.ssh/retired/" 2>/dev/null || true
    mv "$HOME/.ssh/retired/$NAME" "$HOME/.ssh/retired/$NAME.pub" "$HOME/.ssh/" 2>/dev/null || true
  fi
fi
