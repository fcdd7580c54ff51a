#!/usr/bin/env bash
# Prune stale Gradle user-home entries.
set -uo pipefail

DAYS=14
REPORT=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --days) DAYS="$2"; shift 2 ;;
    --report) REPORT=1; shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RULES="$HERE/../assets/prune-rules.txt"
ROOT="${GRADLE_USER_HOME:-$HOME/.gradle}"

if [[ ! -d "$ROOT" ]]; then
  echo "No Gradle user home at $ROOT, nothing to do."
  exit 0
fi

human() { du -sh "$1" 2>/dev/null | cut -f1; }

echo "Gradle user home: $ROOT ($(human "$ROOT"))"
freed=0
shopt -s nullglob
while IFS= read -r rule; do
  [[ -z "$rule" || "$rule" == \#* ]] && continue
  # expand the glob relative to the root; stale = not modified for $DAYS days
  for entry in "$ROOT"/$rule; do
    [[ -e "$entry" ]] || continue
    if [[ -n "$(find "$entry" -maxdepth 0 -mtime +"$DAYS" 2>/dev/null)" ]]; then
      sz=$(du -sk "$entry" 2>/dev/null | cut -f1)
      freed=$((freed + ${sz:-0}))
      if [[ $REPORT -eq 1 ]]; then
        printf '  would remove %-60s %s\n' "${entry#$ROOT/}" "$(human "$entry")"
      else
        rm -rf -- "$entry"
      fi
    fi
  done
done < "$RULES"

if [[ $REPORT -eq 1 ]]; then
  echo "Reclaimable: $((freed / 1024)) MB"
else
  echo "Freed about $((freed / 1024)) MB. Next build will repopulate what it needs."
fi
