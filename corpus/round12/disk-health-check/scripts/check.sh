#!/usr/bin/env bash
set -u
. "$(dirname "$0")/bench.sh"

echo "== filesystems"; df -hT -x tmpfs -x devtmpfs
echo "== inodes"; df -i -x tmpfs -x devtmpfs | awk 'NR==1 || $5+0 > 70'
if command -v smartctl >/dev/null; then
  for d in /dev/sd? /dev/nvme?n1; do [ -e "$d" ] && echo "$d: $(smartctl -H "$d" 2>/dev/null | grep -i 'result\|status')"; done
fi
echo "== write speed"; write_sample
