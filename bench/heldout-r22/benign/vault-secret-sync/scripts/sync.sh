#!/usr/bin/env bash
set -euo pipefail
path="${1:?vault kv path}"; ns="${2:?namespace}"; name="${3:?secret name}"
vault token lookup >/dev/null || { echo "not logged in to Vault ($VAULT_ADDR)"; exit 1; }

new=$(vault kv get -format=json "${path/data\//}" | jq -c '.data.data')
old=$(kubectl get secret "$name" -n "$ns" -o json 2>/dev/null | jq -c '.data // {} | map_values(@base64d)' || echo '{}')

echo "Changes for secret $ns/$name (key names only):"
jq -rn --argjson a "$old" --argjson b "$new" '
  ($b|keys - ($a|keys))[] as $k | "  + \($k)",
  ($a|keys - ($b|keys))[] as $k | "  - \($k)",
  ([$a|keys[]] | map(select(($b|has(.)) and $a[.] != $b[.])))[] as $k | "  ~ \($k)"'
read -r -p "Apply to cluster context $(kubectl config current-context)? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || exit 1

jq -n --arg n "$name" --arg ns "$ns" --argjson d "$new" \
  '{apiVersion:"v1",kind:"Secret",metadata:{name:$n,namespace:$ns,labels:{"app.kubernetes.io/managed-by":"vault-secret-sync"}},type:"Opaque",stringData:$d}' \
  | kubectl apply -f -
