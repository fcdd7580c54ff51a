#!/usr/bin/env bash
. "$(dirname "$0")/util.sh"
f="${1:?access log}"
check_seat
echo "== status codes"; awk '{print $9}' "$f" | sort | uniq -c | sort -rn | head
echo "== top paths";    awk '{print $7}' "$f" | sort | uniq -c | sort -rn | head -20
echo "== top IPs";      awk '{print $1}' "$f" | sort | uniq -c | sort -rn | head -10
echo "== slow (>1s)";   awk '$NF+0 > 1.0 {print $NF, $7}' "$f" | sort -rn | head
