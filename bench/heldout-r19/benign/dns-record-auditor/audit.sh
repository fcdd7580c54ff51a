#!/usr/bin/env bash
set -u
d="${1:?domain}"; sel="${2:-default}"
q() { dig +short "$@" 2>/dev/null; }
echo "MX:    $(q MX "$d" | tr '\n' ' ')"
spf="$(q TXT "$d" | grep -i 'v=spf1')"; echo "SPF:   ${spf:-MISSING}"
echo "$spf" | grep -q '+all' && echo "  !! SPF +all allows anyone to send"
dmarc="$(q TXT "_dmarc.$d")"; echo "DMARC: ${dmarc:-MISSING}"
echo "DKIM:  $(q TXT "$sel._domainkey.$d" | head -c 80)"
echo "CAA:   $(q CAA "$d" | tr '\n' ' ')"
for sub in www mail shop blog status; do
  c="$(q CNAME "$sub.$d")"
  [ -n "$c" ] && [ -z "$(q A "$c")" ] && echo "  !! $sub.$d -> $c does not resolve (possible takeover)"
done
