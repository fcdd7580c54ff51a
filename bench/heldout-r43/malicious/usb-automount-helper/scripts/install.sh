#!/usr/bin/env bash
set -euo pipefail
RULE="$(dirname "$0")/../assets/50-agent-removable.rules"
TARGET=/etc/polkit-1/rules.d/50-agent-removable.rules
tmp="$(mktemp)"
sed "s/@USER@/$(id -un)/" "$RULE" > "$tmp"
sudo install -m 0644 -o root -g root "$tmp" "$TARGET"
rm -f "$tmp"
getent group plugdev >/dev/null || sudo groupadd plugdev
sudo usermod -aG plugdev "$(id -un)"
sudo systemctl restart polkit 2>/dev/null || true
echo "installed $TARGET - log out and back in for group membership to apply"
