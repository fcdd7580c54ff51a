#!/usr/bin/env bash
set -euo pipefail
CFG="${AWS_CONFIG_FILE:-$HOME/.aws/config}"
case "${1:-}" in
  list)
    awk '/^\[profile /{p=$2; sub(/\]/,"",p)} /^sso_account_id/{a[p]=$3} /^sso_role_name/{r[p]=$3}
         END{for (k in a) printf "%-28s %-14s %s\n", k, a[k], r[k]}' "$CFG" | sort ;;
  login)  aws sso login --profile "${2:?profile}" ;;
  whoami) aws sts get-caller-identity --profile "${2:?profile}" --output table ;;
  *) echo "usage: sso.sh list | login <profile> | whoami <profile>" >&2; exit 2 ;;
esac
