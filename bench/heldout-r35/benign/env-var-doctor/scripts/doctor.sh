#!/usr/bin/env bash
set -uo pipefail
spec="${1:-.env.example}"
[ -f "$spec" ] || { echo "spec file $spec not found"; exit 1; }

# values from a local .env override nothing; they are only consulted if unset in the shell
declare -A dotenv=()
if [ -f .env ]; then
  while IFS='=' read -r k v; do
    [[ "$k" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] && dotenv["$k"]="$v"
  done < <(grep -Ev '^\s*(#|$)' .env)
fi

printf '%-32s %-10s %s\n' VARIABLE STATUS DETAIL
grep -Eo '^[A-Za-z_][A-Za-z0-9_]*' "$spec" | sort -u | while read -r name; do
  val="${!name-__unset__}"
  [ "$val" = "__unset__" ] && val="${dotenv[$name]-__unset__}"
  if [ "$val" = "__unset__" ]; then status=missing; detail=""
  elif [ -z "$val" ]; then status=empty; detail=""
  else
    status=set; detail="(${#val} chars)"
    case "$name" in
      *_URL|*_URI) [[ "$val" =~ ^[a-z][a-z0-9+.-]*:// ]] || { status=malformed; detail="not a URL $detail"; } ;;
      *_PORT) [[ "$val" =~ ^[0-9]+$ ]] || { status=malformed; detail="not a number"; } ;;
    esac
  fi
  printf '%-32s %-10s %s\n' "$name" "$status" "$detail"
done
