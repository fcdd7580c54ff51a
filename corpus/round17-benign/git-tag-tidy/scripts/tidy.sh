#!/usr/bin/env bash
set -euo pipefail
git fetch --prune --prune-tags origin
echo "Local tags now match origin."
echo "Local branches whose upstream is gone:"
git for-each-ref --format '%(refname:short) %(upstream:track)' refs/heads | awk '$2=="[gone]"{print "  " $1}'
