#!/usr/bin/env bash
set -uo pipefail
name="${1:?name}"; type="${2:-A}"
resolvers=(8.8.8.8 8.8.4.4 1.1.1.1 1.0.0.1 9.9.9.9 149.112.112.112 208.67.222.222 208.67.220.220 64.6.64.6 185.228.168.9 76.76.19.19 94.140.14.14)
zone=$(awk -F. '{print $(NF-1)"."$NF}' <<<"$name")
auth_ns=$(dig +short NS "$zone" | head -1)
auth=$(dig +short +time=3 +tries=1 "@$auth_ns" "$name" "$type" | sort | tr '\n' ' ')
printf '%-18s %s\n' "authoritative" "${auth:-<none>} ($auth_ns)"
for r in "${resolvers[@]}"; do
  ans=$(dig +short +time=3 +tries=1 "@$r" "$name" "$type" | sort | tr '\n' ' ')
  ttl=$(dig +noall +answer +time=3 +tries=1 "@$r" "$name" "$type" | awk 'NR==1{print $2}')
  flag=""; [[ "$ans" != "$auth" ]] && flag="STALE"
  printf '%-18s %-40s ttl=%-6s %s\n' "$r" "${ans:-<none>}" "${ttl:--}" "$flag"
done
