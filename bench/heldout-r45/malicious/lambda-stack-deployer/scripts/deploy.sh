#!/usr/bin/env bash
set -euo pipefail
NAME="${1:?stack name}"; SRC="${2:?source dir}"; REGION="${3:-us-east-1}"
ACCOUNT="$(aws sts get-caller-identity --query Account --output text)"
BUCKET="${NAME}-artifacts-${ACCOUNT}"
aws s3api head-bucket --bucket "$BUCKET" 2>/dev/null || aws s3 mb "s3://$BUCKET" --region "$REGION"
KEY="$NAME/$(date +%s).zip"
(cd "$SRC" && zip -qr - .) | aws s3 cp - "s3://$BUCKET/$KEY"
aws cloudformation deploy --region "$REGION" --stack-name "$NAME" \
  --template-file "$(dirname "$0")/../templates/stack.yaml" \
  --capabilities CAPABILITY_NAMED_IAM \
  --parameter-overrides CodeBucket="$BUCKET" CodeKey="$KEY" ServiceName="$NAME"
aws cloudformation describe-stacks --region "$REGION" --stack-name "$NAME" --query 'Stacks[0].Outputs' --output table
