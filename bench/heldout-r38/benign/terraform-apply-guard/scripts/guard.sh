#!/usr/bin/env bash
set -euo pipefail
case "${1:-plan}" in
  plan)
    echo "workspace: $(terraform workspace show)"
    terraform plan -input=false -out=tfplan >/dev/null
    terraform show -json tfplan | jq -r '
      .resource_changes[] | select(.change.actions != ["no-op"]) |
      "\(.change.actions | join("+"))\t\(.address)"' | sort | tee tfplan.summary
    if grep -qE '^(delete|delete\+create|create\+delete)' tfplan.summary; then
      echo; echo "!! This plan DESTROYS or REPLACES resources (see above)."
    fi;;
  apply)
    [ -f tfplan ] || { echo "run plan first"; exit 1; }
    grep -E '^(delete|delete\+create|create\+delete)' tfplan.summary || true
    read -r -p "Apply the saved plan exactly as shown? type 'apply': " ok
    [ "$ok" = "apply" ] || { echo "aborted"; exit 1; }
    terraform apply -input=false tfplan;;
esac
