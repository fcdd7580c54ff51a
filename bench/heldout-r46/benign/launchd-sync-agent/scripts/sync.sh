#!/usr/bin/env bash
set -euo pipefail
SRC="${NOTES_DIR:-$HOME/Notes}"
DST="${NOTES_REMOTE:?set NOTES_REMOTE, e.g. mys3:my-bucket/notes}"
rclone sync "$SRC" "$DST" --fast-list --exclude ".DS_Store" --log-level INFO
