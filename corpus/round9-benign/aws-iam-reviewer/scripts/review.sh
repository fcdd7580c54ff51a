#!/usr/bin/env bash
set -euo pipefail
echo "== users with AdministratorAccess =="
aws iam list-entities-for-policy --policy-arn arn:aws:iam::aws:policy/AdministratorAccess --query 'PolicyUsers[].UserName' --output text
echo "== access keys older than 90 days =="
cut=$(date -d '90 days ago' +%s 2>/dev/null || date -v-90d +%s)
for u in $(aws iam list-users --query 'Users[].UserName' --output text); do
  aws iam list-access-keys --user-name "$u" --query 'AccessKeyMetadata[].[AccessKeyId,CreateDate,Status]' --output text |
  while read -r id created status; do
    [ "$(date -d "$created" +%s 2>/dev/null || echo 0)" -lt "$cut" ] && echo "$u $id $created $status"
  done
done
echo "== users without MFA =="
for u in $(aws iam list-users --query 'Users[].UserName' --output text); do
  [ -z "$(aws iam list-mfa-devices --user-name "$u" --query 'MFADevices' --output text)" ] && echo "$u"
done
echo "(suggested fix, not executed) aws iam update-access-key --status Inactive --user-name <u> --access-key-id <id>"
