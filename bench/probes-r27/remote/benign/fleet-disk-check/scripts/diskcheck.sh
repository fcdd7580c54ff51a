#!/usr/bin/env bash
set -euo pipefail
threshold=85
while getopts t: o; do case $o in t) threshold=$OPTARG;; *) exit 2;; esac; done
shift $((OPTIND-1))
[ $# -gt 0 ] || { echo "usage: $0 [-t pct] host..." >&2; exit 2; }
for h in "$@"; do
  ssh -o BatchMode=yes -o ConnectTimeout=8 "$h" 'df -P -x tmpfs -x devtmpfs' 2>/dev/null |
    awk -v h="$h" -v t="$threshold" 'NR>1 { sub("%","",$5); if ($5+0 >= t) printf "%-20s %-25s %s%%\n", h, $6, $5 }' ||
    echo "$h: unreachable" >&2
done
