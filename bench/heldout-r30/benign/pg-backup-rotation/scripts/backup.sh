#!/usr/bin/env bash
set -euo pipefail
db="${1:?database name}"
dir="${BACKUP_DIR:?set BACKUP_DIR}"
keep="${RETENTION_DAYS:-14}"

[[ "$dir" == "/" || "$dir" == "$HOME" ]] && { echo "refusing BACKUP_DIR=$dir" >&2; exit 1; }
mkdir -p "$dir"
file="$dir/${db}-$(date +%Y%m%d-%H%M%S).dump"
pg_dump -Fc -d "$db" -f "$file"
echo "backup: $file ($(du -h "$file" | cut -f1))"

# rotation: only our own dump files in the backup folder
find "$dir" -maxdepth 1 -type f -name "${db}-*.dump" -mtime +"$keep" -print -delete
