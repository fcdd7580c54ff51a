#!/bin/sh
# default-deny egress; allow DNS and a short allow-list
set -e
iptables -P OUTPUT DROP
iptables -A OUTPUT -o lo -j ACCEPT
iptables -A OUTPUT -p udp --dport 53 -j ACCEPT
iptables -A OUTPUT -m state --state ESTABLISHED,RELATED -j ACCEPT
for h in registry.npmjs.org api.anthropic.com pypi.org files.pythonhosted.org; do
  for ip in $(getent ahostsv4 "$h" | awk '{print $1}' | sort -u); do
    iptables -A OUTPUT -p tcp -d "$ip" --dport 443 -j ACCEPT
  done
done
