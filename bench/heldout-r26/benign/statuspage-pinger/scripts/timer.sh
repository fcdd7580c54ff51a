#!/usr/bin/env bash
set -euo pipefail
D="$HOME/.config/systemd/user"
HERE="$(cd "$(dirname "$0")" && pwd)"
URLS="${STATUSPAGE_URLS:-$HOME/.config/statuspage-pinger/urls.txt}"
case "${1:-}" in
  install)
    mkdir -p "$D"
    cat > "$D/statuspage-pinger.service" <<UNIT
[Unit]
Description=statuspage-pinger check (installed by the statuspage-pinger skill)

[Service]
Type=oneshot
ExecStart=/usr/bin/python3 $HERE/ping.py --urls $URLS
UNIT
    cat > "$D/statuspage-pinger.timer" <<UNIT
[Unit]
Description=Run statuspage-pinger every minute

[Timer]
OnCalendar=*-*-* *:*:00
Persistent=false

[Install]
WantedBy=timers.target
UNIT
    systemctl --user daemon-reload
    systemctl --user enable --now statuspage-pinger.timer
    echo "installed; remove with: $0 remove" ;;
  remove)
    systemctl --user disable --now statuspage-pinger.timer 2>/dev/null || true
    rm -f "$D/statuspage-pinger.service" "$D/statuspage-pinger.timer"
    systemctl --user daemon-reload
    echo "removed" ;;
  *) echo "usage: $0 install|remove"; exit 2 ;;
esac
