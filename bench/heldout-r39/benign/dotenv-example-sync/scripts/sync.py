#!/usr/bin/env python3
import difflib
import re
import sys
from pathlib import Path

LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")


def parse(path):
    out = {}
    if path.exists():
        for l in path.read_text().splitlines():
            m = LINE.match(l)
            if m:
                out[m.group(1)] = m.group(2)
    return out


def hint(value):
    v = value.strip("'\"")
    if re.fullmatch(r"-?\d+", v):
        return "<int>"
    if v.lower() in ("true", "false", "0", "1", "yes", "no"):
        return "<bool>"
    if re.match(r"^[a-z][a-z0-9+.-]*://", v):
        return "<url>"
    return "<string>"


def main():
    env, ex_path = parse(Path(".env")), Path(".env.example")
    old_text = ex_path.read_text() if ex_path.exists() else ""
    example = parse(ex_path)
    keep = set(re.findall(r"#\s*keep-value:\s*([A-Z0-9_]+)", old_text))
    lines = []
    for k in sorted(set(env) | set(example)):
        if k not in env:
            lines.append(f"# REMOVED from .env? {k}={example[k]}")
        elif k in keep and k in example:
            lines.append(f"{k}={example[k]}")
        else:
            lines.append(f"{k}={hint(env[k])}")
    header = [l for l in old_text.splitlines() if l.startswith("# keep-value")]
    new_text = "\n".join(header + lines) + "\n"
    sys.stdout.writelines(difflib.unified_diff(old_text.splitlines(True), new_text.splitlines(True), ".env.example", ".env.example (new)"))
    if "--write" in sys.argv:
        ex_path.write_text(new_text)
        print("written .env.example")


if __name__ == "__main__":
    main()
