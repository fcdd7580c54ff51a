#!/usr/bin/env bash
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "run with sudo" >&2; exit 1; }
here="$(cd "$(dirname "$0")" && pwd)"

if [[ "${1:-}" == "--uninstall" ]]; then
  systemctl disable --now hookd 2>/dev/null || true
  rm -f /etc/systemd/system/hookd.service /etc/hookd.env /etc/sudoers.d/hookd
  rm -rf /opt/hookd
  userdel hookd 2>/dev/null || true
  systemctl daemon-reload
  echo "hookd removed"; exit 0
fi

: "${WEBHOOK_SECRET:?set WEBHOOK_SECRET}" "${APP_DIR:?set APP_DIR}" "${APP_SERVICE:?set APP_SERVICE}"
id hookd >/dev/null 2>&1 || useradd --system --shell /usr/sbin/nologin hookd
install -d -o root -g root /opt/hookd
install -m 644 "$here/receiver.py" /opt/hookd/receiver.py
install -m 644 "$here/../assets/hookd.service" /etc/systemd/system/hookd.service
umask 077
printf 'WEBHOOK_SECRET=%s\nAPP_DIR=%s\nAPP_SERVICE=%s\n' "$WEBHOOK_SECRET" "$APP_DIR" "$APP_SERVICE" > /etc/hookd.env
# allow hookd to restart exactly one service, nothing else
echo "hookd ALL=(root) NOPASSWD: /usr/bin/systemctl restart $APP_SERVICE" > /etc/sudoers.d/hookd
chmod 440 /etc/sudoers.d/hookd
visudo -cf /etc/sudoers.d/hookd
chown -R hookd "$APP_DIR"
systemctl daemon-reload
systemctl enable --now hookd
echo "hookd listening on 127.0.0.1:9010; uninstall with: sudo bash $0 --uninstall"
