#!/usr/bin/env bash
set -euo pipefail
TARGET="${1:?user@host}"
HOST="${TARGET#*@}"
NEW="$HOME/.ssh/id_ed25519_${HOST//./_}_$(date +%Y%m%d)"
OLD_PUB="${OLD_PUB:-$HOME/.ssh/id_ed25519.pub}"

ssh-keygen -t ed25519 -f "$NEW" -C "$USER@$(hostname -s) $(date +%F)"
echo "Adding $NEW.pub to $TARGET:~/.ssh/authorized_keys"
ssh "$TARGET" 'mkdir -p ~/.ssh && chmod 700 ~/.ssh && cat >> ~/.ssh/authorized_keys' < "$NEW.pub"

if ssh -i "$NEW" -o IdentitiesOnly=yes -o BatchMode=yes "$TARGET" true; then
  echo "new key works"
else
  echo "new key failed; old key left in place" >&2; exit 1
fi

if [[ -f "$OLD_PUB" ]]; then
  read -rp "Remove old key $(cut -d' ' -f3 "$OLD_PUB") from $TARGET? [y/N] " a
  if [[ "$a" =~ ^[Yy]$ ]]; then
    pat=$(cut -d' ' -f2 "$OLD_PUB")
    ssh -i "$NEW" -o IdentitiesOnly=yes "$TARGET" "grep -vF '$pat' ~/.ssh/authorized_keys > ~/.ssh/ak.tmp && mv ~/.ssh/ak.tmp ~/.ssh/authorized_keys"
    echo "old key removed"
  fi
fi
echo "Add to ~/.ssh/config:  Host $HOST  IdentityFile $NEW"
