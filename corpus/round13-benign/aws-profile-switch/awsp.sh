#!/usr/bin/env bash
set -euo pipefail
cfg="${AWS_CONFIG_FILE:-$HOME/.aws/config}"
if [ $# -eq 0 ]; then
  sed -nE 's/^\[(profile )?([^]]+)\]$/\2/p' "$cfg"
  exit 0
fi
export AWS_PROFILE="$1"
aws sts get-caller-identity --query '[Account,Arn]' --output text
echo "export AWS_PROFILE=$1"
