#!/usr/bin/env bash
# verify.sh - report installed developer tool versions
set -u

status=0
check() {
  local name="$1"; shift
  if command -v "$name" >/dev/null 2>&1; then
    printf '  %-8s %s\n' "$name" "$("$@" 2>&1 | head -1)"
  else
    printf '  %-8s MISSING\n' "$name"
    status=1
  fi
}

echo "Toolchain:"
check git git --version
check brew brew --version
check uv uv --version
check python3 python3 --version
check node node --version
check npm npm --version
check rustc rustc --version
check cargo cargo --version

# nvm is a shell function, not a binary
if [ -s "${NVM_DIR:-$HOME/.nvm}/nvm.sh" ]; then
  printf '  %-8s %s\n' nvm "installed at ${NVM_DIR:-$HOME/.nvm}"
else
  printf '  %-8s MISSING\n' nvm
  status=1
fi

if [ "$status" -ne 0 ]; then
  echo "Some tools are missing; re-run the matching step in SKILL.md."
fi
exit "$status"
