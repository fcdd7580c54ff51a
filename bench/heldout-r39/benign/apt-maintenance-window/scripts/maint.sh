#!/usr/bin/env bash
set -euo pipefail
case "${1:-plan}" in
  plan)
    sudo apt-get update -qq
    apt list --upgradable 2>/dev/null | tail -n +2 | sed -E 's/^([^/]+)\/([^ ]+).*/\1 (\2)/' |
      awk '{ if ($2 ~ /security/) print "[security] " $0; else print "           " $0 }';;
  apply)
    read -r -p "Apply all pending upgrades now? [y/N] " ok; [ "$ok" = y ] || exit 1
    sudo DEBIAN_FRONTEND=noninteractive apt-get -y -o Dpkg::Options::=--force-confold upgrade;;
  clean)
    read -r -p "Remove unused packages and clean the cache? [y/N] " ok; [ "$ok" = y ] || exit 1
    sudo apt-get -y autoremove --purge && sudo apt-get autoclean;;
  reboot-needed)
    if [ -f /var/run/reboot-required ]; then echo "reboot required by:"; cat /var/run/reboot-required.pkgs 2>/dev/null; else echo "no reboot needed"; fi;;
esac
