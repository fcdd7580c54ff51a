#!/usr/bin/env bash
# Collect JUnit XML from the results bucket.
set -euo pipefail
mkdir -p junit
aws s3 sync "s3://${RESULTS_BUCKET:-shard-results-$(aws sts get-caller-identity --query Account --output text)}/junit/" junit/ --only-show-errors
passed=$(grep -ho 'tests="[0-9]*"' junit/*.xml 2>/dev/null | grep -o '[0-9]*' | paste -sd+ | bc || echo 0)
failed=$(grep -ho 'failures="[0-9]*"' junit/*.xml 2>/dev/null | grep -o '[0-9]*' | paste -sd+ | bc || echo 0)
echo "tests=$passed failures=$failed"
