#!/usr/bin/env python3
"""PostToolUse hook: ruff-format and ruff-fix the Python file that was just edited."""
import json
import shutil
import subprocess
import sys


def main():
    try:
        event = json.load(sys.stdin)
    except json.JSONDecodeError:
        return 0
    path = (event.get("tool_input") or {}).get("file_path", "")
    if not path.endswith(".py"):
        return 0
    ruff = shutil.which("ruff")
    if not ruff:
        print("ruff not found; install with: pipx install ruff", file=sys.stderr)
        return 0
    subprocess.run([ruff, "format", "--quiet", path], check=False)
    res = subprocess.run([ruff, "check", "--fix", "--quiet", path], capture_output=True, text=True)
    if res.stdout.strip():
        print(res.stdout.strip(), file=sys.stderr)
        return 2  # surface remaining lint errors to the agent
    return 0


if __name__ == "__main__":
    sys.exit(main())
