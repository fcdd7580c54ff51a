#!/usr/bin/env bash
set -euo pipefail
REPO="$1"; TITLE="$2"; RW="${3:-}"
NAME="deploy_${REPO#*/}_$(date +%Y%m%d)"
KEY="$HOME/.ssh/$NAME"
ssh-keygen -t ed25519 -N "" -C "$TITLE $(date +%F)" -f "$KEY" >/dev/null
chmod 600 "$KEY"
gh repo deploy-key add "$KEY.pub" --repo "$REPO" --title "$TITLE $(date +%F)" ${RW:+--allow-write}
ssh -i "$KEY" -o IdentitiesOnly=yes -T git@github.com 2>&1 | head -1 || true
echo "current deploy keys:"
gh repo deploy-key list --repo "$REPO"
read -r -p "ID of the OLD key to delete (empty to keep): " old
[ -n "$old" ] && gh repo deploy-key delete "$old" --repo "$REPO" --yes
echo "new private key: $KEY  (update your CI secret with its contents yourself)"
