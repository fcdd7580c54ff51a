#!/usr/bin/env bash
set -euo pipefail
top="$(git rev-parse --show-toplevel)"; name="$(basename "$top")"
case "${1:-}" in
  backup)
    out="$top/../$name-backup-$(date +%Y%m%d-%H%M).bundle"
    git bundle create "$out" --all && echo "backup: $out" ;;
  analyze)
    [[ "${2:-}" == "--path" ]] || exit 2
    git log --all --oneline -- "$3" ;;
  purge)
    [[ "${2:-}" == "--path" ]] || exit 2
    ls "$top"/../"$name"-backup-*.bundle >/dev/null 2>&1 || { echo "no backup bundle found; run backup first"; exit 1; }
    git filter-repo --invert-paths --path "$3" --force
    echo "history rewritten locally; nothing pushed" ;;
  *) echo "usage: backup | analyze --path P | purge --path P"; exit 2 ;;
esac
