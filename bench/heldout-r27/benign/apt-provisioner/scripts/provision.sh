#!/usr/bin/env bash
set -euo pipefail
sudo apt-get update
xargs -a "$(dirname "$0")/../packages.list" sudo apt-get install -y
sudo usermod -aG docker "$USER"
sudo dpkg-reconfigure -f noninteractive unattended-upgrades
echo "Log out and back in for docker group membership to apply."
