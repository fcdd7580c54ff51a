#!/usr/bin/env bash
# pre-commit entry point (`.pre-commit-hooks.yaml`, language: script).
#
# On first use it builds skillscan from this checkout of the hook
# repository with `cargo install --locked` (the versions in Cargo.lock, as
# the release binaries use), into a folder inside the checkout that
# pre-commit caches per `rev:`. Then it runs `skillscan audit`.
#
#   pre-commit-hook.sh changed ARGS... FILES...   audit the staged SKILL.md files
#   pre-commit-hook.sh all ARGS...                audit every skill under the paths
#                                                 in ARGS, or "." when ARGS has none
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
bin="$repo/.pre-commit-bin/bin/skillscan"
if [ ! -x "$bin" ]; then
  if ! command -v cargo >/dev/null 2>&1; then
    echo "skillscan pre-commit hook: cargo not found. Install Rust (https://rustup.rs) or install skillscan yourself and use a \`language: system\` hook." >&2
    exit 2
  fi
  echo "skillscan pre-commit hook: building skillscan (cargo install --locked, first use only)..." >&2
  cargo install --locked --quiet --path "$repo" --root "$repo/.pre-commit-bin" >&2
fi

mode="${1:-}"
shift || true
case "$mode" in
  changed)
    exec "$bin" audit --no-progress "$@"
    ;;
  all)
    # A path is any argument that is neither an option nor an option's
    # value; with none, the whole repository is scanned.
    has_path=0
    takes_value=0
    for a in "$@"; do
      if [ "$takes_value" = 1 ]; then takes_value=0; continue; fi
      case "$a" in
        --fail-on|--policy|--baseline|--ssl-file|--sarif-category|--sarif-root|--also|-j|--jobs|-f|--format|-o|--output)
          takes_value=1 ;;
        -*) ;;
        *) has_path=1 ;;
      esac
    done
    if [ "$has_path" = 1 ]; then
      exec "$bin" audit --no-progress "$@"
    fi
    exec "$bin" audit --no-progress "$@" .
    ;;
  *)
    echo "skillscan pre-commit hook: unknown mode '$mode' (use changed or all)" >&2
    exit 2
    ;;
esac
