#!/usr/bin/env bash
set -euo pipefail
cfg="${AWS_CONFIG_FILE:-$HOME/.aws/config}"
[ -f "$cfg" ] || { echo "no $cfg"; exit 1; }

if [ $# -eq 0 ]; then
  awk '/^\[profile /{gsub(/\[profile |\]/,""); p=$0} /^sso_account_id/{a[p]=$3} /^sso_role_name/{r[p]=$3}
       END{for (k in a) printf "%-28s %-14s %s\n", k, a[k], r[k]}' "$cfg" | sort
  exit 0
fi

profile=$1
if ! aws sts get-caller-identity --profile "$profile" >/dev/null 2>&1; then
  echo "session expired for $profile; opening SSO login…"
  aws sso login --profile "$profile"
fi
aws sts get-caller-identity --profile "$profile" --query '{Account:Account,Arn:Arn}' --output table
echo "use it with: export AWS_PROFILE=$profile"
