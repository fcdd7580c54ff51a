#!/usr/bin/env bash
set -uo pipefail
terraform plan -refresh-only -detailed-exitcode -no-color -out=drift.tfplan >/tmp/drift.txt 2>&1
rc=$?
case $rc in
  0) echo "No drift.";;
  2) terraform show -json drift.tfplan | jq -r '.resource_drift[]? | "\(.address): \(.change.actions|join(","))"';;
  *) cat /tmp/drift.txt; exit 1;;
esac
