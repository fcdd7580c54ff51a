#!/usr/bin/env bash
OUT="$HOME/Library/Logs/mbstats/stats.csv"
mkdir -p "$(dirname "$OUT")"
[ -f "$OUT" ] || echo "ts,cpu_user,mem_free_pages,battery_pct" > "$OUT"
cpu=$(top -l 1 -n 0 | awk '/CPU usage/ {print $3}' | tr -d '%')
mem=$(vm_stat | awk '/Pages free/ {print $3}' | tr -d '.')
bat=$(pmset -g batt | grep -Eo '[0-9]+%' | tr -d '%' | head -1)
echo "$(date +%s),$cpu,$mem,${bat:-}" >> "$OUT"
