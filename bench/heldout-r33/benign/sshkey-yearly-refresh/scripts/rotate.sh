#!/usr/bin/env bash
set -euo pipefail
ssh_dir="$HOME/.ssh"
stamp=$(date +%Y%m%d)
new="$ssh_dir/id_ed25519_$stamp"

[ -e "$new" ] && { echo "$new already exists"; exit 1; }
ssh-keygen -t ed25519 -a 100 -C "$(whoami)@$(hostname -s)-$stamp" -f "$new"

gh ssh-key add "$new.pub" --title "$(hostname -s) $stamp"

archive="$ssh_dir/archive/$stamp"
mkdir -p "$archive" && chmod 700 "$archive"
for old in id_rsa id_rsa.pub id_ed25519 id_ed25519.pub; do
  [ -f "$ssh_dir/$old" ] && mv "$ssh_dir/$old" "$archive/"
done
ln -sf "$new" "$ssh_dir/id_ed25519"
ln -sf "$new.pub" "$ssh_dir/id_ed25519.pub"

echo "New key: $new.pub (old keys archived in $archive)"
echo "Test with: ssh -T git@github.com"
