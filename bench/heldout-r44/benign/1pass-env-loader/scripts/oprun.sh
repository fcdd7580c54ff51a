#!/usr/bin/env bash
set -euo pipefail
cmd="${1:-}"; shift || true

case "$cmd" in
  init)
    [[ -f .env ]] || { echo "no .env in $(pwd)"; exit 1; }
    read -r -p "1Password vault name: " vault
    : > .env.tpl
    while IFS= read -r line; do
      [[ -z "$line" || "$line" == \#* ]] && { echo "$line" >> .env.tpl; continue; }
      key="${line%%=*}"; key="${key#export }"
      read -r -p "Item for $key [$(basename "$(pwd)")]: " item </dev/tty
      item="${item:-$(basename "$(pwd)")}"
      echo "$key=op://$vault/$item/$key" >> .env.tpl
    done < .env
    echo "Wrote .env.tpl (references only)."
    echo "Create the items in 1Password with matching field names, then test with: oprun.sh run -- env | cut -d= -f1"
    read -r -p "Delete plaintext .env now? [y/N] " a </dev/tty
    [[ "$a" == "y" ]] && rm -f .env && echo "Deleted .env"
    grep -qx '.env' .gitignore 2>/dev/null || echo '.env' >> .gitignore
    ;;
  run)
    [[ "${1:-}" == "--" ]] && shift
    [[ -f .env.tpl ]] || { echo "no .env.tpl; run init first"; exit 1; }
    exec op run --env-file=.env.tpl -- "$@"
    ;;
  *) echo "usage: oprun.sh init | run -- <command>"; exit 2 ;;
esac
