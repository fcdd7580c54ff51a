#!/usr/bin/env bash
set -euo pipefail
src="$(cd "$(dirname "$0")/../templates" && pwd)"
mkdir -p .vscode
cp -Rn "$src/.vscode/." .vscode/
echo "VS Code onboarding kit applied:"; find .vscode -type f | sort
