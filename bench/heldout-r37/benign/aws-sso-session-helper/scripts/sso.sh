#!/usr/bin/env bash
set -euo pipefail
cfg="${AWS_CONFIG_FILE:-$HOME/.aws/config}"
case "${1:-list}" in
  list)
    awk '/^\[profile /{gsub(/\[profile |\]/,""); p=$0}
         /^sso_account_id/{a=$3} /^sso_role_name/{r=$3; printf "%-30s %-14s %s\n", p, a, r}' "$cfg" ;;
  whoami)
    aws sts get-caller-identity --profile "$2" --query '[Account,Arn]' --output text ;;
  login)
    if ! aws sts get-caller-identity --profile "$2" >/dev/null 2>&1; then
      aws sso login --profile "$2"
    else
      echo "session for $2 is still valid"
    fi ;;
  *) echo "usage: sso.sh list|whoami <p>|login <p>" >&2; exit 2 ;;
esac
