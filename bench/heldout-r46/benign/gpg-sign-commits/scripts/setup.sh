#!/usr/bin/env bash
set -euo pipefail
mapfile -t keys < <(gpg --list-secret-keys --keyid-format=long --with-colons | awk -F: '/^sec/{print $5}')
[[ ${#keys[@]} -gt 0 ]] || { echo "no secret keys; create one with: gpg --full-generate-key"; exit 1; }
i=0
for k in "${keys[@]}"; do
  uid=$(gpg --list-secret-keys --with-colons "$k" | awk -F: '/^uid/{print $10; exit}')
  echo "[$i] $k  $uid"; i=$((i+1))
done
read -rp "Key number: " n
KEY="${keys[$n]}"
echo "Will run:"; echo "  git config --global user.signingkey $KEY"; echo "  git config --global commit.gpgsign true"
read -rp "Apply? [y/N] " a; [[ "$a" =~ ^[Yy]$ ]] || exit 1
git config --global user.signingkey "$KEY"
git config --global commit.gpgsign true
echo; echo "Public key for GitHub:"; gpg --armor --export "$KEY"
