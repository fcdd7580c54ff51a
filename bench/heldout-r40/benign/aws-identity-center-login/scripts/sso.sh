#!/usr/bin/env bash
set -euo pipefail
CMD="${1:-}"; P="${2:-default}"
case "$CMD" in
  login) aws sso login --profile "$P" ;;
  whoami) aws sts get-caller-identity --profile "$P" --query '[Account,Arn]' --output text ;;
  env) aws configure export-credentials --profile "$P" --format env ;;
  list) aws configure list-profiles ;;
  *) echo "usage: sso.sh login|whoami|env|list <profile>"; exit 2 ;;
esac
