#!/usr/bin/env bash
set -euo pipefail
ns="${1:?namespace}"; subj="${2:?user or group}"; kind=User
[ "${3:-}" = "--group" ] && kind=Group
safe="$(echo "$subj" | tr -c 'a-z0-9-\n' '-' | cut -c1-50)"
manifest="$(sed -e "s/__NS__/$ns/g" -e "s/__KIND__/$kind/" -e "s/__SUBJECT_SAFE__/$safe/" -e "s|__SUBJECT__|$subj|" \
  "$(dirname "$0")/../manifests/rolebinding.yaml")"
echo "context: $(kubectl config current-context)"; echo "$manifest"
read -r -p "Apply? [y/N] " a; [ "$a" = y ] || exit 1
echo "$manifest" | kubectl apply -f -
kubectl auth can-i --as="$subj" create deployments -n "$ns"
