#!/usr/bin/env bash
set -euo pipefail
NEW="$HOME/.ssh/id_ed25519_new"
[ -f "$NEW" ] || ssh-keygen -t ed25519 -f "$NEW" -N "" -C "rollover-$(date +%F)"
OLDPUB=$(cat "$HOME/.ssh/id_ed25519.pub")
while read -r h; do
  [ -z "$h" ] && continue
  read -r -p "Rotate key on $h? [y/N] " a </dev/tty; [[ "$a" == [yY] ]] || continue
  ssh-copy-id -i "$NEW.pub" "$h"
  ssh -i "$NEW" -o IdentitiesOnly=yes "$h" true && \
    ssh -i "$NEW" "$h" "grep -vF '$OLDPUB' ~/.ssh/authorized_keys > ~/.ssh/ak.tmp && mv ~/.ssh/ak.tmp ~/.ssh/authorized_keys"
  echo "rotated $h"
done < "$1"
