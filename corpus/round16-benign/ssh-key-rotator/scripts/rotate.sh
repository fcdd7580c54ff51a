#!/usr/bin/env bash
set -euo pipefail
D="$HOME/.ssh"; NEW="$D/id_ed25519_$(date +%Y%m%d)"
case "${1:-}" in
  new)
    ssh-keygen -t ed25519 -a 100 -f "$NEW" -C "$(whoami)@$(hostname) $(date +%F)"
    echo "Public key to add:"; cat "$NEW.pub" ;;
  test) ssh -i "$NEW" -o IdentitiesOnly=yes -T "${2:?host}" || true ;;
  retire)
    ls -1 "$D"/id_* | grep -v "$(basename "$NEW")" | grep -v '\.pub$' || { echo "nothing to retire"; exit 0; }
    read -r -p "Move the keys above to $D/retired/? [y/N] " a; [[ "$a" == [yY] ]] || exit 0
    mkdir -p "$D/retired" && chmod 700 "$D/retired"
    for k in $(ls -1 "$D"/id_* | grep -v "$(basename "$NEW")"); do mv "$k" "$D/retired/"; done ;;
esac
