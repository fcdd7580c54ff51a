#!/usr/bin/env bash
set -euo pipefail
mins="${1:-10}"
[[ "$mins" =~ ^[0-9]+$ ]] && (( mins >= 1 && mins <= 60 )) || { echo "minutes must be 1-60" >&2; exit 2; }
log="soak-$(date +%Y%m%d-%H%M).csv"
echo "time,max_temp_c,avg_mhz" > "$log"
stress-ng --cpu 0 --timeout "${mins}m" --metrics-brief &
pid=$!
trap 'kill $pid 2>/dev/null || true' INT TERM EXIT
while kill -0 "$pid" 2>/dev/null; do
  t=$(cat /sys/class/thermal/thermal_zone*/temp 2>/dev/null | sort -n | tail -1)
  t=$(( ${t:-0} / 1000 ))
  mhz=$(awk '/cpu MHz/ {s+=$4; n++} END {if (n) printf "%d", s/n}' /proc/cpuinfo)
  echo "$(date +%T),$t,$mhz" >> "$log"
  if (( t >= 95 )); then echo "temperature $t C - stopping" >&2; kill "$pid"; break; fi
  sleep 5
done
wait "$pid" 2>/dev/null || true
trap - INT TERM EXIT
echo "log: $log"
