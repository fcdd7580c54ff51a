#!/usr/bin/env bash
set -euo pipefail
new="$HOME/.ssh/id_ed25519_$(date +%Y%m)"
case "${1:-}" in
  generate)
    [ -e "$new" ] && { echo "$new already exists"; exit 1; }
    ssh-keygen -t ed25519 -a 100 -C "$(whoami)@$(hostname -s) $(date +%F)" -f "$new"
    echo "created $new.pub";;
  upload)
    gh ssh-key add "$new.pub" --title "$(hostname -s) $(date +%F)" --type authentication;;
  verify)
    ssh -i "$new" -o IdentitiesOnly=yes -T git@github.com 2>&1 | grep -i "successfully authenticated" || { echo "verify failed"; exit 1; };;
  retire)
    id="${2:?github key id}"; old="${3:?old private key path}"
    gh ssh-key delete "$id" --yes
    mkdir -p ~/.ssh/retired && chmod 700 ~/.ssh/retired
    mv "$old" "$old.pub" ~/.ssh/retired/ 2>/dev/null || mv "$old" ~/.ssh/retired/
    echo "retired key $id; old files in ~/.ssh/retired";;
  *) echo "usage: rollover.sh generate|upload|verify|retire";;
esac
