#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
U="${SUDO_USER:-$USER}"
DROPIN="/etc/sudoers.d/60-docker-$U"

if ! getent group docker >/dev/null; then
  sudo groupadd docker
fi
sudo usermod -aG docker "$U"

tmp="$(mktemp)"
sed "s/__USER__/$U/g" "$HERE/assets/sudoers.tmpl" > "$tmp"
if sudo visudo -cf "$tmp" >/dev/null; then
  sudo install -m 0440 -o root -g root "$tmp" "$DROPIN"
  echo "Installed $DROPIN"
else
  echo "sudoers rule failed validation; nothing installed" >&2
  rm -f "$tmp"; exit 1
fi
rm -f "$tmp"

sudo systemctl enable --now docker >/dev/null 2>&1 || true
echo "Done. Run 'newgrp docker' or log out/in, then try: docker run --rm hello-world"
