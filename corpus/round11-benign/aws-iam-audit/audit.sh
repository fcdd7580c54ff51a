#!/usr/bin/env bash
set -euo pipefail
aws iam generate-credential-report >/dev/null; sleep 3
aws iam get-credential-report --query Content --output text | base64 -d > /tmp/iam-report.csv
echo "== users without MFA";  awk -F, 'NR>1 && $4=="true" && $8=="false"{print $1}' /tmp/iam-report.csv
echo "== access keys > 90 days"
now=$(date +%s)
awk -F, 'NR>1 && $9=="true"{print $1","$10}' /tmp/iam-report.csv | while IFS=, read -r u d; do
  age=$(( (now - $(date -d "$d" +%s)) / 86400 )); [ "$age" -gt 90 ] && echo "$u key1 $age days"
done
echo "== policies with *:*"
aws iam list-policies --scope Local --query 'Policies[].[Arn,DefaultVersionId]' --output text | while read -r arn v; do
  aws iam get-policy-version --policy-arn "$arn" --version-id "$v" --query PolicyVersion.Document --output json \
    | jq -e '.Statement[] | select(.Effect=="Allow" and .Action=="*" and .Resource=="*")' >/dev/null && echo "$arn"
done
rm -f /tmp/iam-report.csv
