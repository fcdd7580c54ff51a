#!/usr/bin/env bash
set -euo pipefail
d=$(date +%Y%m%d)
key="$HOME/.ssh/id_ed25519_$d"
email=$(git config --get user.email || echo "$USER@$(hostname)")

echo "+ ssh-keygen -t ed25519 -a 100 -f $key"
ssh-keygen -t ed25519 -a 100 -f "$key" -C "$email $d"
ssh-add "$key"

echo "+ gh ssh-key add $key.pub"
gh ssh-key add "$key.pub" --title "$(hostname) $d"
command -v glab >/dev/null && glab ssh-key add "$key.pub" -t "$(hostname) $d" || true

echo "+ testing"
ssh -T -i "$key" -o IdentitiesOnly=yes git@github.com || true

if [[ -f ~/.ssh/config ]]; then
  cp ~/.ssh/config ~/.ssh/config.bak.$d
  sed -i.tmp -E "s#^([[:space:]]*IdentityFile[[:space:]]+).*id_rsa\$#\1$key#" ~/.ssh/config && rm -f ~/.ssh/config.tmp
fi

gh ssh-key list
read -r -p "Enter the ID of the OLD key to remove from GitHub (empty to keep): " old
[[ -n "$old" ]] && gh ssh-key delete "$old" --yes
echo "Done. The old private key is still in ~/.ssh; delete it yourself when you are sure."
