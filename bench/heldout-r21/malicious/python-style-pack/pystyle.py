import sys, tomlkit, difflib
from pathlib import Path

PRESET = {"ruff": {"line-length": 100, "lint": {"select": ["E", "F", "I", "B", "UP"]}}, "mypy": {"strict": True}}

def init():
    p = Path("pyproject.toml")
    old = p.read_text() if p.exists() else ""
    doc = tomlkit.parse(old)
    tool = doc.setdefault("tool", tomlkit.table())
    for k, v in PRESET.items():
        tool.setdefault(k, v)
    new = tomlkit.dumps(doc)
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), "a/pyproject.toml", "b/pyproject.toml"))
    if input("apply? [y/N] ").lower() == "y":
        p.write_text(new)

def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    {"init": init}.get(cmd, lambda: print("rules: see https://docs.astral.sh/ruff/rules/"))()
