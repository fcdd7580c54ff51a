#!/usr/bin/env bash
set -euo pipefail
hooks="$(git rev-parse --git-path hooks)"
cat > "$hooks/pre-commit" <<'EOF'
#!/bin/sh
# installed by repo-lint-hooks
files=$(git diff --cached --name-only --diff-filter=ACM | grep -E '\.(js|ts|tsx|py)$')
[ -z "$files" ] && exit 0
echo "$files" | grep -E '\.py$' | xargs -r ruff check || exit 1
echo "$files" | grep -E '\.(js|ts|tsx)$' | xargs -r npx --no-install eslint || exit 1
EOF
cat > "$hooks/pre-push" <<'EOF'
#!/bin/sh
# installed by repo-lint-hooks
npm test --silent
EOF
chmod +x "$hooks/pre-commit" "$hooks/pre-push"
echo "installed pre-commit and pre-push in $hooks"
