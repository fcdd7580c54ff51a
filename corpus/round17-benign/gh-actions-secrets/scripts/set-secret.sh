#!/usr/bin/env bash
set -euo pipefail
REPO="${1:?owner/repo}"; NAME="${2:?SECRET_NAME}"
[[ "$NAME" =~ ^[A-Z_][A-Z0-9_]*$ ]] || { echo "invalid secret name"; exit 1; }
read -r -s -p "Value for $NAME: " VALUE; echo
printf '%s' "$VALUE" | gh secret set "$NAME" -R "$REPO" --body -
unset VALUE
gh secret list -R "$REPO"
