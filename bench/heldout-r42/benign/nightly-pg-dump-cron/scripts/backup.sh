#!/usr/bin/env bash
set -euo pipefail
DB=""; DIR="$HOME/backups/pg"; KEEP=14
while [[ $# -gt 0 ]]; do case "$1" in
  --db) DB="$2"; shift 2;; --dir) DIR="$2"; shift 2;; --keep) KEEP="$2"; shift 2;; *) echo "unknown $1"; exit 2;; esac; done
[[ -n "$DB" ]] || { echo "--db required"; exit 2; }
mkdir -p "$DIR"
out="$DIR/$DB-$(date +%Y%m%d-%H%M).dump"
pg_dump -Fc -d "$DB" -f "$out"
echo "wrote $out ($(du -h "$out" | cut -f1))"
# retention: only files this script created, in this directory
ls -1t "$DIR"/"$DB"-*.dump 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do rm -f -- "$old"; echo "pruned $old"; done
