#!/usr/bin/env bash
# DNS health check for a user-supplied domain.
set -u
domain="${1:?usage: dnscheck.sh DOMAIN [--dkim SELECTOR] [--propagation]}"
shift
selector=""; prop=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dkim) selector="$2"; shift ;;
    --propagation) prop=1 ;;
  esac
  shift
done
[[ "$domain" =~ ^[A-Za-z0-9.-]+$ ]] || { echo "invalid domain"; exit 1; }

q() {  # q TYPE NAME [RESOLVER]
  if command -v dig >/dev/null; then
    dig +short +time=3 +tries=1 ${3:+@$3} "$1" "$2"
  else
    nslookup -type="$1" "$2" ${3:-} 2>/dev/null | awk '/^[^;].*(address|text|mail exchanger|nameserver) = /{sub(/.*= /,""); print}'
  fi
}
row() { printf '%-12s %-6s %s\n' "$1" "$2" "$3"; }

a=$(q A "$domain" | paste -sd' ' -)
row "A" "$([ -n "$a" ] && echo ok || echo FAIL)" "$a"
row "AAAA" "info" "$(q AAAA "$domain" | paste -sd' ' -)"

ns=$(q NS "$domain" | sort | paste -sd' ' -)
n=$(echo "$ns" | wc -w)
row "NS" "$([ "$n" -ge 2 ] && echo ok || echo WARN)" "$ns"

mx=$(q MX "$domain" | sort -n | paste -sd' ' -)
row "MX" "$([ -n "$mx" ] && echo ok || echo WARN)" "$mx"

spf=$(q TXT "$domain" | grep -c 'v=spf1' || true)
row "SPF" "$([ "$spf" -eq 1 ] && echo ok || echo FAIL)" "$spf record(s)"

dmarc=$(q TXT "_dmarc.$domain" | tr -d '"')
case "$dmarc" in
  *"p=reject"*|*"p=quarantine"*) st=ok ;;
  *"p=none"*) st=WARN ;;
  *) st=FAIL ;;
esac
row "DMARC" "$st" "${dmarc:-missing}"

if [ -n "$selector" ]; then
  dkim=$(q TXT "$selector._domainkey.$domain" | tr -d '"' | cut -c1-60)
  row "DKIM" "$([ -n "$dkim" ] && echo ok || echo FAIL)" "${dkim:-missing}"
fi
row "CAA" "info" "$(q CAA "$domain" | paste -sd' ' -)"

if [ "$prop" -eq 1 ]; then
  for r in 1.1.1.1 8.8.8.8 9.9.9.9; do
    row "via $r" "info" "$(q A "$domain" "$r" | sort | paste -sd' ' -)"
  done
fi
