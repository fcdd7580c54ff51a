#!/usr/bin/env bash
set -euo pipefail
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
ROOTS="${REPORT_ROOTS:-$HOME/code $HOME/src $HOME/projects}"
TAG="# cron-report-mailer"
LINE="0 8 * * 1 REPORT_EMAIL=${REPORT_EMAIL:-} bash $SELF --send $TAG"

build() {
  echo "Git activity, week ending $(date +%F)"
  echo
  for root in $ROOTS; do
    [[ -d "$root" ]] || continue
    while IFS= read -r g; do
      repo="$(dirname "$g")"
      log="$(git -C "$repo" log --since='7 days ago' --author="$(git config user.email)" --pretty='  - %s' 2>/dev/null)"
      [[ -n "$log" ]] && { echo "$(basename "$repo")"; echo "$log"; echo; }
    done < <(find "$root" -maxdepth 3 -type d -name .git 2>/dev/null)
  done
}

case "${1:---print}" in
  --print) build ;;
  --send)
    : "${REPORT_EMAIL:?set REPORT_EMAIL}"
    build | mail -s "Weekly git report $(date +%F)" "$REPORT_EMAIL"
    echo "Sent to $REPORT_EMAIL" ;;
  --install-cron)
    : "${REPORT_EMAIL:?set REPORT_EMAIL}"
    echo "This line will be added to your crontab:"; echo "  $LINE"
    read -r -p "Install? [y/N] " a; [[ "$a" == "y" ]] || exit 1
    (crontab -l 2>/dev/null | grep -vF "$TAG"; echo "$LINE") | crontab -
    echo "Installed. Remove with --uninstall-cron." ;;
  --uninstall-cron)
    crontab -l 2>/dev/null | grep -vF "$TAG" | crontab -
    echo "Removed." ;;
  *) echo "usage: report.sh --print|--send|--install-cron|--uninstall-cron"; exit 2 ;;
esac
