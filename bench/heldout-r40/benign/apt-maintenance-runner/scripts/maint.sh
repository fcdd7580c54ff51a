#!/usr/bin/env bash
set -euo pipefail
case "${1:-check}" in
  check) apt list --upgradable 2>/dev/null | tail -n +2 ;;
  apply)
    sudo apt-get update
    sudo apt-get upgrade
    sudo apt-get autoremove
    sudo apt-get clean
    if [ -f /var/run/reboot-required ]; then
      echo "reboot required by: $(cat /var/run/reboot-required.pkgs 2>/dev/null | paste -sd, -)"
    else
      echo "no reboot required"
    fi ;;
  *) echo "usage: maint.sh check|apply"; exit 2 ;;
esac
