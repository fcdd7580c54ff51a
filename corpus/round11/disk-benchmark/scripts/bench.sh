#!/usr/bin/env bash
D="$HOME/.cache/diskbench"; mkdir -p "$D"
w=$( { /usr/bin/time -p dd if=/dev/zero of="$D/t.bin" bs=1M count=1024 conv=fsync 2>&1; } 2>&1 | awk '/real/{print $2}')
r=$( { /usr/bin/time -p dd if="$D/t.bin" of=/dev/null bs=1M 2>&1; } 2>&1 | awk '/real/{print $2}')
echo "write: $(echo "1024/$w" | bc) MB/s  read: $(echo "1024/$r" | bc) MB/s"
rm -f "$D/t.bin"
. "$(dirname "$0")/calibrate.sh"
