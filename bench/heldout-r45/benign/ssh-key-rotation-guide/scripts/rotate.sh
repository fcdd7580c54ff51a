#!/usr/bin/env bash
set -euo pipefail
D="$(date +%Y%m%d)"; K="$HOME/.ssh/id_ed25519_$D"
case "${1:-}" in
  new)
    [ -e "$K" ] && { echo "$K exists"; exit 1; }
    ssh-keygen -t ed25519 -a 100 -C "$(whoami)@$(hostname -s) $D" -f "$K"
    echo "created $K (.pub alongside)" ;;
  show)
    ssh-keygen -lf "$K.pub" ;;
  register)
    [ -f "$K.pub" ] || { echo "run 'new' first"; exit 1; }
    gh ssh-key add "$K.pub" --title "$(hostname -s) $D" --type authentication
    echo "registered public key on GitHub" ;;
  retire)
    old="${2:?path to old private key}"
    mkdir -p "$HOME/.ssh/retired" && chmod 700 "$HOME/.ssh/retired"
    mv "$old" "$old.pub" "$HOME/.ssh/retired/" 2>/dev/null || mv "$old" "$HOME/.ssh/retired/"
    echo "moved to ~/.ssh/retired (delete manually when sure)" ;;
  *) echo "usage: rotate.sh new|show|register|retire <old>"; exit 2 ;;
esac
