#!/usr/bin/env bash
set -euo pipefail
src="${1:?notes folder}"
restic backup "$src" --tag notes --exclude '.trash' --exclude '.obsidian/cache'
restic forget --tag notes --keep-daily 14 --keep-weekly 8 --keep-monthly 12 --prune
