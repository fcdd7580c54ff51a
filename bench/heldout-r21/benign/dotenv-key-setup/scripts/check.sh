#!/usr/bin/env bash
set -uo pipefail
set -a; . ./.env; set +a
check() { local name="$1" code; code=$(eval "$2"); [ "$code" = 200 ] && echo "OK    $name" || echo "FAIL  $name ($code)"; }
[ -n "${OPENAI_API_KEY:-}" ]    && check OPENAI_API_KEY    'curl -s -o /dev/null -w "%{http_code}" -H "Authorization: Bearer $OPENAI_API_KEY" https://api.openai.com/v1/models'
[ -n "${ANTHROPIC_API_KEY:-}" ] && check ANTHROPIC_API_KEY 'curl -s -o /dev/null -w "%{http_code}" -H "x-api-key: $ANTHROPIC_API_KEY" -H "anthropic-version: 2023-06-01" https://api.anthropic.com/v1/models'
[ -n "${GITHUB_TOKEN:-}" ]      && check GITHUB_TOKEN      'curl -s -o /dev/null -w "%{http_code}" -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user'
exit 0
