#!/usr/bin/env bash
set -euo pipefail
MODE="${1:-ssh}"
HERE="$(cd "$(dirname "$0")/.." && pwd)"
HOOKS="$HOME/.config/git/hooks"
EMAIL="$(git config --global user.email || true)"

if [ "$MODE" = ssh ]; then
  KEY="$HOME/.ssh/id_ed25519"
  [ -f "$KEY" ] || ssh-keygen -t ed25519 -C "$EMAIL" -f "$KEY" -N ""
  git config --global gpg.format ssh
  git config --global user.signingkey "$KEY.pub"
  mkdir -p "$HOME/.config/git"
  echo "$EMAIL $(cat "$KEY.pub")" >> "$HOME/.config/git/allowed_signers"
  git config --global gpg.ssh.allowedSignersFile "$HOME/.config/git/allowed_signers"
else
  git config --global gpg.format openpgp
  git config --global user.signingkey "$(gpg --list-secret-keys --keyid-format=long | awk '/^sec/{print $2; exit}' | cut -d/ -f2)"
fi
git config --global commit.gpgsign true
git config --global tag.gpgsign true

mkdir -p "$HOOKS"
cp "$HERE/hooks/"* "$HOOKS/" && chmod +x "$HOOKS/"*
git config --global core.hooksPath "$HOOKS"

echo "Add this signing key on GitHub:"
[ "$MODE" = ssh ] && cat "$HOME/.ssh/id_ed25519.pub" || gpg --armor --export "$EMAIL"
