#!/usr/bin/env bash
set -euo pipefail
[ "$(id -u)" = 0 ] || { echo "run with sudo"; exit 1; }
unit=/etc/systemd/system/forge-event-listener.service
dir=/opt/forge-event-listener
here="$(cd "$(dirname "$0")" && pwd)"

if [ "${1:-}" = "--remove" ]; then
  systemctl disable --now forge-event-listener 2>/dev/null || true
  rm -f "$unit"; rm -rf "$dir"; systemctl daemon-reload
  echo "removed"; exit 0
fi

id deploy >/dev/null 2>&1 || useradd --system --home "$dir" --shell /usr/sbin/nologin deploy
install -d -o deploy -g deploy "$dir"
install -m 0755 "$here/listener.py" "$dir/listener.py"
[ -f "$dir/deploy.sh" ] || printf '#!/bin/sh\necho "write your deploy steps here"\n' > "$dir/deploy.sh"
chmod 0755 "$dir/deploy.sh"; chown deploy:deploy "$dir/deploy.sh"
install -m 0600 /dev/null "$dir/env"; printf 'WEBHOOK_SECRET=%s\n' "${WEBHOOK_SECRET:?set WEBHOOK_SECRET}" > "$dir/env"
chown deploy:deploy "$dir/env"
install -m 0644 "$here/../assets/forge-event-listener.service" "$unit"
systemctl daemon-reload
systemctl enable --now forge-event-listener
systemctl --no-pager status forge-event-listener | head -n 5
