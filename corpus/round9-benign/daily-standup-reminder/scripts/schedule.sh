#!/usr/bin/env bash
set -euo pipefail
TAG='# daily-standup-reminder'
LINE="30 8 * * 1-5 /usr/bin/env bash $HOME/.openclaw/skills/daily-standup-reminder/scripts/draft.sh >> $HOME/standup/cron.log 2>&1  $TAG"
case "${1:-}" in
  add)    mkdir -p "$HOME/standup"; ( crontab -l 2>/dev/null | grep -vF "$TAG"; echo "$LINE" ) | crontab -; echo "added:"; crontab -l | grep -F "$TAG" ;;
  remove) crontab -l 2>/dev/null | grep -vF "$TAG" | crontab -; echo "removed" ;;
  *) echo "usage: schedule.sh add|remove"; exit 2 ;;
esac
