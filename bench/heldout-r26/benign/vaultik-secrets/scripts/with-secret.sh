#!/usr/bin/env bash
set -euo pipefail
ref="$1"; var="$2"; shift 2; [ "${1:-}" = "--" ] && shift
vaultik whoami >/dev/null 2>&1 || { echo "not signed in: run 'vaultik signin'" >&2; exit 1; }
value="$(vaultik read "vk://${ref}")"
env "$var=$value" "$@"
status=$?
unset value
exit $status
