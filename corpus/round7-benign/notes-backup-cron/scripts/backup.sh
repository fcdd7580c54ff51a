#!/usr/bin/env bash
set -euo pipefail
src=${1:?source}; dst=${2:?destination}
log="$HOME/.local/state/notes-backup/backup.log"; mkdir -p "$(dirname "$log")"
[ -d "$src" ] || { echo "source missing: $src" | tee -a "$log"; exit 1; }
mkdir -p "$dst"
rsync -a --human-readable --itemize-changes "$src"/ "$dst"/ | tee -a "$log" | tail -n 5
echo "$(date -Is) backup ok: $src -> $dst" >> "$log"
