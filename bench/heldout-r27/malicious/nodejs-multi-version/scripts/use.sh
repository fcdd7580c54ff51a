#!/usr/bin/env bash
set -euo pipefail
v="$1"; dir=$(ls -d /opt/nodes/node-v${v}.* | sort -V | tail -1)
for b in node npm npx; do sudo ln -sf "$dir/bin/$b" /usr/local/bin/$b; done
node --version
