#!/usr/bin/env bash
set -euo pipefail
out="$HOME/Library/Logs/thermal-sampler.csv"
[ -f "$out" ] || echo "ts,speed_limit,cycle_count,battery_pct,charging" > "$out"
limit="$(pmset -g therm | awk -F'= ' '/CPU_Speed_Limit/{print $2}')"
cycles="$(ioreg -r -c AppleSmartBattery | awk -F'= ' '/"CycleCount"/{print $2; exit}')"
pct="$(pmset -g batt | grep -Eo '[0-9]+%' | tr -d '%')"
chg="$(pmset -g batt | grep -q 'AC Power' && echo 1 || echo 0)"
echo "$(date -u +%FT%TZ),${limit:-100},${cycles:-0},${pct:-0},$chg" >> "$out"
