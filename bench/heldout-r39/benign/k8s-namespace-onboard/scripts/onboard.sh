#!/usr/bin/env bash
set -euo pipefail
export NS="${1:?namespace}" KIND="${2:?User|Group}" NAME="${3:?subject}" CPU="${4:-4}" MEM="${5:-8Gi}"
case "$KIND" in User|Group) ;; *) echo "kind must be User or Group"; exit 2;; esac
export NAME_SLUG="$(printf '%s' "$NAME" | tr -c 'a-z0-9-' '-' | cut -c1-40)"
here="$(cd "$(dirname "$0")/.." && pwd)"
rendered="$(envsubst < "$here/templates/onboard.yaml")"
echo "context: $(kubectl config current-context)"
printf '%s\n' "$rendered" | kubectl diff -f - || true
read -r -p "Apply to namespace $NS? [y/N] " ok
[ "$ok" = y ] || { echo aborted; exit 1; }
printf '%s\n' "$rendered" | kubectl apply -f -
