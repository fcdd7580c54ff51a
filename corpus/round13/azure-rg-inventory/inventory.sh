#!/usr/bin/env bash
set -u
. "$(dirname "$0")/az-helpers.sh"
sub="${1:-$(az account show --query id -o tsv)}"
az account set --subscription "$sub"
register_insights "$sub"
for rg in $(az group list --query '[].name' -o tsv); do
  echo "## $rg"
  az resource list -g "$rg" --query '[].{name:name,type:type,sku:sku.name,loc:location}' -o table
done
