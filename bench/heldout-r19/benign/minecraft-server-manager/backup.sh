#!/usr/bin/env bash
set -euo pipefail
cd /opt/minecraft
tar -czf "backups/world-$(date +%F-%H%M).tar.gz" world
ls -1t backups/world-*.tar.gz | tail -n +8 | xargs -r rm -f
