#!/usr/bin/env bash
set -euo pipefail
ns="${1:?namespace}"; sa="${2:?serviceaccount}"
echo "Context: $(kubectl config current-context)"
kubectl auth can-i --list --as="system:serviceaccount:${ns}:${sa}" -n "$ns" | head -40
