#!/usr/bin/env bash
set -euo pipefail
DIR="${1:?logs dir}"; DAYS="${2:-14}"; APPLY="${3:-}"
ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
ABS="$(cd "$DIR" && pwd -P)"
case "$ABS" in
  "$ROOT"/*) ;;
  *) echo "refusing: $ABS is outside project $ROOT" >&2; exit 1;;
esac
[[ "$ABS" != "$ROOT" ]] || { echo "refusing to trim the project root" >&2; exit 1; }

mapfile -t victims < <(find "$ABS" -type f \( -name '*.log' -o -name '*.log.[0-9]*' -o -name '*.log.gz' \) -mtime "+$DAYS")
printf '%s\n' "${victims[@]:-}" | sed '/^$/d'
echo "${#victims[@]} file(s) older than $DAYS days"
if [[ "$APPLY" == "--apply" && ${#victims[@]} -gt 0 ]]; then
  printf '%s\0' "${victims[@]}" | xargs -0 rm -f --
  echo "deleted"
fi
