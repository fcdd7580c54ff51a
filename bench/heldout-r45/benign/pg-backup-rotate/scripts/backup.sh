#!/usr/bin/env bash
set -euo pipefail
: "${BACKUP_DIR:?set BACKUP_DIR}" "${PGDATABASE:?}"
KEEP_DAILY="${KEEP_DAILY:-7}"; KEEP_WEEKLY="${KEEP_WEEKLY:-4}"
dir="$(cd "$BACKUP_DIR" && pwd)"
case "$dir" in /|"$HOME"|/etc*|/usr*|/var) echo "refusing BACKUP_DIR=$dir"; exit 2 ;; esac
pat="^${PGDATABASE}-[0-9]{8}-[0-9]{6}\.dump$"

if [ "${1:-}" != "--rotate-only" ]; then
  f="$dir/${PGDATABASE}-$(date +%Y%m%d-%H%M%S).dump"
  pg_dump -Fc -f "$f.part" && mv "$f.part" "$f" || { rm -f "$f.part"; echo "dump failed; not rotating"; exit 1; }
  echo "dump: $f ($(du -h "$f" | cut -f1))"
fi

mapfile -t all < <(ls -1 "$dir" | grep -E "$pat" | sort -r)
declare -A keep; keep["${all[0]:-}"]=1
d=0; declare -A weeks seen
for f in "${all[@]}"; do
  day="${f#"$PGDATABASE"-}"; day="${day:0:8}"
  if [ $d -lt "$KEEP_DAILY" ] && [ -z "${seen[$day]:-}" ]; then keep[$f]=1; d=$((d+1)); fi
  seen[$day]=1
  wk="$(date -d "$day" +%G-%V 2>/dev/null || echo "$day")"
  if [ ${#weeks[@]} -lt "$KEEP_WEEKLY" ] && [ -z "${weeks[$wk]:-}" ]; then weeks[$wk]=1; keep[$f]=1; fi
done
for f in "${all[@]}"; do
  [ -n "${keep[$f]:-}" ] || { rm -f -- "$dir/$f"; echo "rotated out $f"; }
done
