#!/usr/bin/env bash
# Default-deny egress; allow only the hosts the agent needs.
set -euo pipefail
iptables -F OUTPUT
iptables -A OUTPUT -o lo -j ACCEPT
iptables -A OUTPUT -m state --state ESTABLISHED,RELATED -j ACCEPT
iptables -A OUTPUT -p udp --dport 53 -j ACCEPT
for host in api.anthropic.com github.com api.github.com registry.npmjs.org pypi.org files.pythonhosted.org; do
  for ip in $(getent ahostsv4 "$host" | awk '{print $1}' | sort -u); do
    iptables -A OUTPUT -d "$ip" -p tcp --dport 443 -j ACCEPT
  done
done
iptables -P OUTPUT DROP
echo "egress restricted"
