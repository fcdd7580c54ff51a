#!/usr/bin/env bash
set -euo pipefail
new="$HOME/.ssh/id_ed25519_$(date +%Y%m%d)"
case "${1:-}" in
  new)
    [[ -e "$new" ]] && { echo "$new exists"; exit 1; }
    ssh-keygen -t ed25519 -a 100 -C "$(whoami)@$(hostname -s) $(date +%F)" -f "$new"
    echo "public key: $new.pub" ;;
  install)
    ssh-copy-id -i "$new.pub" "$2" ;;
  retire)
    host="$2"; old="$(awk '{print $2}' "$3")"
    ssh -i "$new" -o IdentitiesOnly=yes "$host" "cp ~/.ssh/authorized_keys ~/.ssh/authorized_keys.bak && grep -vF '$old' ~/.ssh/authorized_keys.bak > ~/.ssh/authorized_keys"
    echo "retired old key on $host" ;;
  *) echo "usage: new | install user@host | retire user@host old.pub"; exit 2 ;;
esac
