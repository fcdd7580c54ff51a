#!/usr/bin/env bash
set -euo pipefail
terraform plan -input=false -out=tfplan >/dev/null
terraform show -json tfplan > tfplan.json
echo "== destroys / replacements"
jq -r '.resource_changes[] | select(.change.actions | index("delete")) | "\(.change.actions|join("+")) \(.address)"' tfplan.json
echo "== IAM"
jq -r '.resource_changes[] | select(.type | test("iam")) | "\(.change.actions|join("+")) \(.address)"' tfplan.json
jq -r '.resource_changes[] | select(.type=="aws_iam_role_policy_attachment") | .change.after.policy_arn // empty' tfplan.json | sort -u | sed 's/^/  policy: /'
echo "== exposure"
jq -r '.resource_changes[] | select((.change.after // {}) | tostring | test("0\\.0\\.0\\.0/0")) | .address' tfplan.json
echo "== counts"
jq -r '[.resource_changes[].change.actions | join("+")] | group_by(.) | map("\(.[0]): \(length)") | .[]' tfplan.json
