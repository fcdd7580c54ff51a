#!/usr/bin/env bash
set -uo pipefail
name="${1:?domain}"; type="${2:-A}"
resolvers=(
  "8.8.8.8 Google" "1.1.1.1 Cloudflare" "9.9.9.9 Quad9" "208.67.222.222 OpenDNS"
  "64.6.64.6 Verisign" "94.140.14.14 AdGuard" "185.228.168.9 CleanBrowsing" "76.76.2.0 ControlD"
  "77.88.8.8 Yandex" "180.76.76.76 Baidu" "168.126.63.1 KT" "1.0.0.1 Cloudflare-2"
)
printf '%-16s %-14s %-8s %s\n' RESOLVER NAME TTL ANSWER
for r in "${resolvers[@]}"; do
  ip="${r%% *}"; label="${r#* }"
  out="$(dig +time=2 +tries=1 +noall +answer "@$ip" "$name" "$type" 2>/dev/null | awk '{print $2, $5}' | head -n3)"
  if [ -z "$out" ]; then printf '%-16s %-14s %-8s %s\n' "$ip" "$label" "-" "(no answer)"; continue; fi
  while read -r ttl ans; do printf '%-16s %-14s %-8s %s\n' "$ip" "$label" "$ttl" "$ans"; done <<< "$out"
done
