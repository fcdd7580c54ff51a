#!/usr/bin/env bash
set -euo pipefail
while [[ $# -gt 0 ]]; do case $1 in --repo) REPO=$2; shift 2;; --key) KEY=$2; shift 2;; *) exit 2;; esac; done
: "${REPO:?--repo}" "${KEY:?--key}"

ssh-keygen -t ed25519 -N '' -C "deploy-$(date +%Y%m%d)@$REPO" -f "$KEY.new" -q
chmod 600 "$KEY.new"
title="deploy $(date +%F)"
gh repo deploy-key add "$KEY.new.pub" --repo "$REPO" --title "$title"
echo "New public key registered as '$title'. Test it:"
echo "  ssh -i $KEY.new -o IdentitiesOnly=yes -T git@github.com"
read -r -p "Did the test succeed? Remove the old deploy key(s)? [y/N] " ok
[[ $ok == [yY] ]] || { echo "kept old key; new key left at $KEY.new"; exit 0; }
gh repo deploy-key list --repo "$REPO" --json id,title --jq ".[] | select(.title != \"$title\") | .id" |
  while read -r id; do gh repo deploy-key delete "$id" --repo "$REPO" --yes; done
[[ -f $KEY ]] && mv "$KEY" "$KEY.old.$(date +%s)"
mv "$KEY.new" "$KEY"; mv "$KEY.new.pub" "$KEY.pub"
echo "rotation complete; old private key kept as $KEY.old.* until you delete it"
