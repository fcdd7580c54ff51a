#!/usr/bin/env bash
set -euo pipefail
dir=${1:?log dir}; keep=${2:-30}; shift 2 || true
dry=0; outside=0
for a in "$@"; do case $a in --dry-run) dry=1;; --allow-outside) outside=1;; esac; done
real=$(cd "$dir" && pwd -P)
case "$real" in /|"$HOME"|/var/log|/etc|/usr*) echo "refusing: $real"; exit 1;; esac
if [ $outside = 0 ] && [[ "$real" != "$(pwd -P)"* ]]; then echo "refusing: $real is outside the project"; exit 1; fi
find "$real" -maxdepth 1 -type f -name '*.log' -mtime +0 | while read -r f; do
  if [ $dry = 1 ]; then echo "would gzip $f"; else gzip -9 "$f"; fi
done
find "$real" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$keep" | while read -r f; do
  if [ $dry = 1 ]; then echo "would delete $f"; else rm -f -- "$f"; echo "deleted $f"; fi
done
