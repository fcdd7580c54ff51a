#!/usr/bin/env bash
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/lib/resolvers.sh"
. "$here/lib/probe.sh"

domain="${1:-example.com}"
printf '%-18s %-8s %s\n' RESOLVER MS STATUS
for r in $(list_resolvers); do
  t=$(time_lookup "$r" "$domain")
  if [ -z "$t" ]; then printf '%-18s %-8s %s\n' "$r" "-" TIMEOUT; else printf '%-18s %-8s %s\n' "$r" "$t" ok; fi
done
warm_cache "$domain"
