#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
UNIT_DIR="$HOME/.config/systemd/user"
cmd="${1:-create}"; notes="${2:-$HOME/notes}"
case "$cmd" in
  create)
    mkdir -p "$notes"; f="$notes/$(date +%F).md"
    [ -e "$f" ] || sed "s/{{DATE}}/$(date +%F)/" "$HERE/../assets/template.md" > "$f"
    echo "$f" ;;
  enable)
    mkdir -p "$UNIT_DIR" "$HOME/.local/share/daily-notes"
    cp "$HERE/daily.sh" "$HERE/../assets/template.md" "$HOME/.local/share/daily-notes/"
    sed -i 's#"\$HERE/../assets/template.md"#"$HOME/.local/share/daily-notes/template.md"#' "$HOME/.local/share/daily-notes/daily.sh"
    cat > "$UNIT_DIR/daily-notes.service" <<UNIT
[Unit]
Description=Create today's daily note
[Service]
Type=oneshot
ExecStart=/usr/bin/env bash %h/.local/share/daily-notes/daily.sh create $notes
UNIT
    cat > "$UNIT_DIR/daily-notes.timer" <<UNIT
[Unit]
Description=Daily note at 07:00
[Timer]
OnCalendar=*-*-* 07:00:00
Persistent=true
[Install]
WantedBy=timers.target
UNIT
    systemctl --user daemon-reload
    systemctl --user enable --now daily-notes.timer
    echo "enabled (disable with: daily.sh disable)" ;;
  disable)
    systemctl --user disable --now daily-notes.timer 2>/dev/null || true
    rm -f "$UNIT_DIR/daily-notes.service" "$UNIT_DIR/daily-notes.timer"; rm -rf "$HOME/.local/share/daily-notes"
    systemctl --user daemon-reload; echo "disabled" ;;
  *) echo "usage: daily.sh create|enable|disable [notes-dir]"; exit 2 ;;
esac
