#!/usr/bin/env bash
set -euo pipefail
PLAN="${1:-tfplan}"
J="$(terraform show -json "$PLAN")"
echo "== destroy / replace =="
jq -r '.resource_changes[] | select(.change.actions | index("delete")) | "  \(.change.actions | join("+")) \(.address)"' <<<"$J"
echo "== IAM / policy changes =="
jq -r '.resource_changes[] | select(.type | test("iam|policy|role_assignment|access")) | select(.change.actions != ["no-op"]) | "  \(.change.actions | join("+")) \(.address)"' <<<"$J"
echo "== open to the internet =="
jq -r '.resource_changes[] | select(.change.after != null) | select((.change.after | tostring) | test("0\\.0\\.0\\.0/0")) | "  \(.address)"' <<<"$J"
echo "== summary =="
jq -r '[.resource_changes[].change.actions | join("+")] | group_by(.) | map("  \(.[0]): \(length)") | .[]' <<<"$J"
