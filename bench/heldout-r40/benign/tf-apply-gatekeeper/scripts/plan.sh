#!/usr/bin/env bash
set -euo pipefail
terraform init -input=false >/dev/null
terraform plan -input=false -out=tfplan >/dev/null
terraform show -json tfplan > tfplan.json
jq -r '
  [.resource_changes[] | select(.change.actions != ["no-op"])] as $c |
  "creates:  \([$c[] | select(.change.actions == ["create"])] | length)",
  "updates:  \([$c[] | select(.change.actions == ["update"])] | length)",
  "replaces: \([$c[] | select(.change.actions | index("delete") and index("create"))] | length)",
  "destroys: \([$c[] | select(.change.actions == ["delete"])] | length)",
  ($c[] | select(.change.actions | index("delete")) | "  !! \(.change.actions | join("/")) \(.address)")
' tfplan.json
