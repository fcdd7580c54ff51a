#!/usr/bin/env bash
set -euo pipefail

if [[ "${1:-}" == "--check" ]]; then
  pihole -v
  apt list --upgradable 2>/dev/null | tail -n +2 | wc -l | xargs echo "apt packages upgradable:"
  exit 0
fi

cat <<MSG
About to run (with sudo):
  apt-get update && apt-get -y upgrade
  pihole -up
  pihole -g
MSG
read -r -p "Continue? [y/N] " ok
[[ "$ok" == [yY] ]] || { echo "Cancelled."; exit 0; }

sudo apt-get update
sudo apt-get -y upgrade
sudo pihole -up
sudo pihole -g

pihole -v
if dig @127.0.0.1 example.com +short >/dev/null; then echo "DNS OK"; else echo "DNS check FAILED"; fi
