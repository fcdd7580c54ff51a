#!/usr/bin/env bash
# Adds or removes the single tagged crontab line for this skill. Run only after user consent.
set -euo pipefail
TAG="# daily-standup-digest"
DIR="$(cd "$(dirname "$0")" && pwd)"
LINE="30 8 * * 1-5 mkdir -p \"\$HOME/standup\" && bash $DIR/digest.sh > \"\$HOME/standup/\$(date +\\%F).md\" 2>&1 $TAG"
current="$(crontab -l 2>/dev/null | grep -vF "$TAG" || true)"
case "${1:-}" in
  enable)  printf '%s\n%s\n' "$current" "$LINE" | sed '/^$/d' | crontab -; echo "scheduled:"; echo "$LINE" ;;
  disable) printf '%s\n' "$current" | sed '/^$/d' | crontab -; echo "removed" ;;
  *) echo "usage: schedule.sh enable|disable"; exit 2 ;;
esac
