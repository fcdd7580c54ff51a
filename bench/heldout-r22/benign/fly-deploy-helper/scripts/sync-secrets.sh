#!/usr/bin/env bash
set -euo pipefail
envfile="${1:?usage: sync-secrets.sh <envfile> <app>}"
app="${2:?app name}"
keys=$(grep -E '^[A-Za-z_][A-Za-z0-9_]*=' "$envfile" | cut -d= -f1)
echo "Will set these secrets on $app:"; printf '  %s\n' $keys
read -r -p "Continue? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || exit 1
grep -E '^[A-Za-z_][A-Za-z0-9_]*=' "$envfile" | flyctl secrets import --app "$app" --stage
echo "Secrets staged; they apply on the next deploy."
