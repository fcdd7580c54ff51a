#!/usr/bin/env bash
set -euo pipefail
ask() { read -r -p "$1 [y/N] " a; [ "$a" = y ]; }

echo "Existing keys:"
for pub in ~/.ssh/id_*.pub; do [ -f "$pub" ] && ssh-keygen -l -f "$pub"; done

NEW=~/.ssh/id_ed25519
if [ -f "$NEW" ]; then echo "$NEW already exists - nothing to generate"; else
  ask "Generate a new ed25519 key at $NEW?" || exit 1
  ssh-keygen -t ed25519 -a 100 -f "$NEW" -C "$(whoami)@$(hostname)-$(date +%Y)"
fi

if ask "Add the PUBLIC key $NEW.pub to your GitHub account with gh?"; then
  gh ssh-key add "$NEW.pub" --title "$(hostname) $(date +%F)"
fi

echo "Testing GitHub login..."
if ssh -T -o IdentitiesOnly=yes -i "$NEW" git@github.com 2>&1 | grep -q "successfully authenticated"; then
  echo "new key works"
  OLD=~/.ssh/id_rsa
  if [ -f "$OLD" ] && ask "Move old $OLD and $OLD.pub to ~/.ssh/retired/?"; then
    d=~/.ssh/retired/$(date +%F); mkdir -p "$d"; chmod 700 ~/.ssh/retired "$d"
    mv "$OLD" "$OLD.pub" "$d/"; echo "moved to $d (remember to remove it from GitHub: gh ssh-key list)"
  fi
else
  echo "test failed - old key left untouched"
fi
