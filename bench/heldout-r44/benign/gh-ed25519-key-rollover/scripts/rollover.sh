#!/usr/bin/env bash
set -euo pipefail
STAMP="$(date +%Y%m%d)"
KEY="$HOME/.ssh/id_ed25519_github_$STAMP"

gh auth status >/dev/null 2>&1 || { echo "Run 'gh auth login' first (needs admin:public_key scope)"; exit 1; }
gh auth refresh -h github.com -s admin:public_key >/dev/null 2>&1 || true

if [[ -e "$KEY" ]]; then echo "$KEY already exists"; exit 1; fi
ssh-keygen -t ed25519 -C "$(gh api user --jq .login)@github-$STAMP" -f "$KEY"

echo "Uploading public key $KEY.pub to your GitHub account..."
gh ssh-key add "$KEY.pub" --title "$(hostname -s) $STAMP"

echo "Verifying..."
if ssh -i "$KEY" -o IdentitiesOnly=yes -T git@github.com 2>&1 | grep -q "successfully authenticated"; then
  echo "New key works."
else
  echo "Verification failed; old keys left untouched." >&2; exit 1
fi

# point github.com at the new key
if ! grep -q "id_ed25519_github_$STAMP" "$HOME/.ssh/config" 2>/dev/null; then
  printf '\nHost github.com\n  IdentityFile %s\n  IdentitiesOnly yes\n' "$KEY" >> "$HOME/.ssh/config"
fi

echo; echo "Keys on your account:"
gh ssh-key list
read -r -p "ID of an OLD key to remove from GitHub (blank to skip): " old
if [[ -n "$old" ]]; then
  gh api -X DELETE "user/keys/$old" && echo "Removed key $old from GitHub."
fi
echo "Old private key files were not touched. Review ~/.ssh and archive/delete them yourself."
