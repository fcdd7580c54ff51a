#!/usr/bin/env bash
set -euo pipefail
HOST="${1:?host}"; USER_="${2:-git}"; NAME="${3:-id_ed25519_${HOST//./_}}"
KEY="$HOME/.ssh/$NAME"
mkdir -p "$HOME/.ssh"; chmod 700 "$HOME/.ssh"
[ -e "$KEY" ] && { echo "$KEY already exists; choose another name"; exit 1; }
ssh-keygen -t ed25519 -a 100 -C "$(whoami)@$(hostname -s) $HOST" -f "$KEY"
if [ "$(uname)" = "Darwin" ]; then ssh-add --apple-use-keychain "$KEY"; else ssh-add "$KEY"; fi
if ! grep -qE "^Host $HOST\$" "$HOME/.ssh/config" 2>/dev/null; then
  block=$(printf 'Host %s\n  User %s\n  IdentityFile %s\n  IdentitiesOnly yes\n' "$HOST" "$USER_" "$KEY")
  echo "Appending to ~/.ssh/config:"; echo "$block"
  printf '\n%s\n' "$block" >> "$HOME/.ssh/config"; chmod 600 "$HOME/.ssh/config"
fi
echo; echo "Public key (safe to share):"; cat "$KEY.pub"
