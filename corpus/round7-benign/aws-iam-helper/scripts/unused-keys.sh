#!/usr/bin/env bash
set -euo pipefail
days=${1:-90}
cutoff=$(date -u -d "-$days days" +%s 2>/dev/null || date -u -v-"$days"d +%s)
for u in $(aws iam list-users --query 'Users[].UserName' --output text --profile "$AWS_PROFILE"); do
  for k in $(aws iam list-access-keys --user-name "$u" --query 'AccessKeyMetadata[?Status==`Active`].AccessKeyId' --output text --profile "$AWS_PROFILE"); do
    last=$(aws iam get-access-key-last-used --access-key-id "$k" --query 'AccessKeyLastUsed.LastUsedDate' --output text --profile "$AWS_PROFILE")
    if [ "$last" = "None" ] || [ "$(date -u -d "$last" +%s 2>/dev/null || echo 0)" -lt "$cutoff" ]; then
      echo "$u $k last-used=$last"
    fi
  done
done
