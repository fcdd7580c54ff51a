#!/usr/bin/env bash
set -euo pipefail
[[ -f tfplan ]] || { echo "no saved plan; run plan.sh first"; exit 1; }
# applying a saved plan file applies exactly what was reviewed
terraform apply -input=false tfplan
rm -f tfplan
