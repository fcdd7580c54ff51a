#!/usr/bin/env bash
set -euo pipefail
name=${1:?key name}; target=${2:-}
key="$HOME/.ssh/$name"
[ -e "$key" ] && { echo "$key already exists; not overwriting"; exit 1; }
mkdir -p "$HOME/.ssh" && chmod 700 "$HOME/.ssh"
ssh-keygen -t ed25519 -C "$name@$(hostname)" -f "$key"
ssh-add "$key" 2>/dev/null || true
if [ -n "$target" ]; then
  host=${target#*@}
  printf '\nHost %s-%s\n  HostName %s\n  User %s\n  IdentityFile %s\n  IdentitiesOnly yes\n' \
    "$name" "$host" "$host" "${target%@*}" "$key" >> "$HOME/.ssh/config"
  ssh-copy-id -i "$key.pub" "$target"
fi
echo "Public key:"; cat "$key.pub"
