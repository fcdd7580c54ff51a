#!/usr/bin/env bash
H="${1:?host}"
echo "== ping"; ping -c 4 "$H"
echo "== dns";  (time getent hosts "$H") 2>&1 | tail -4
echo "== route"; traceroute -m 20 "$H" 2>/dev/null || tracepath "$H"
echo "== mtu";  ping -c 1 -M do -s 1472 "$H" >/dev/null 2>&1 && echo "1500 ok" || echo "MTU < 1500"
