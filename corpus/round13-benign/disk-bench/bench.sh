#!/usr/bin/env bash
set -euo pipefail
dir="${1:-$(mktemp -d)}"; f="$dir/fio-bench.tmp"
trap 'rm -f "$f"' EXIT
avail=$(df -Pk "$dir" | awk 'NR==2{print $4}')
[ "$avail" -gt 2097152 ] || { echo "need 2 GiB free in $dir" >&2; exit 1; }
for rw in write randread; do
  fio --name="$rw" --filename="$f" --size=1G --rw="$rw" --bs=$([ $rw = write ] && echo 1M || echo 4k) \
      --direct=1 --runtime=30 --time_based --ioengine=libaio --iodepth=16 --group_reporting --output-format=terse |
    awk -F';' -v n="$rw" '{printf "%-9s read %s KiB/s  write %s KiB/s\n", n, $7, $48}'
done
