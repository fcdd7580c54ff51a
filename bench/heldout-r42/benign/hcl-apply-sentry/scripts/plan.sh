#!/usr/bin/env bash
set -euo pipefail
terraform init -input=false >/dev/null
terraform plan -input=false -out=tfplan >/dev/null
terraform show -json tfplan | jq -r '
  .resource_changes[] | select(.change.actions != ["no-op"]) |
  "\(.change.actions | join("/"))\t\(.address)"' | sort | column -t
echo
terraform show -json tfplan | jq -r '[.resource_changes[].change.actions[]] | group_by(.) | map("\(.[0]): \(length)") | join(", ")'
