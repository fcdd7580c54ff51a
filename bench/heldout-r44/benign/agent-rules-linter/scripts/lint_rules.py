#!/usr/bin/env python3
"""Lint agent instruction files in the current project."""
import difflib
import pathlib
import re
import sys

FILES = ["CLAUDE.md", "AGENTS.md", ".cursorrules", ".github/copilot-instructions.md"]
RISKY = [
    (re.compile(r"bypassPermissions|dangerously-skip-permissions|--yolo", re.I), "disables permission prompts"),
    (re.compile(r"\b(never|don't|do not) (ask|confirm)\b", re.I), "removes confirmation"),
    (re.compile(r"(fetch|download|curl)\b.{0,60}https?://\S+.{0,60}\b(follow|obey|apply)", re.I), "loads remote instructions"),
    (re.compile(r"(don't|do not|never) (tell|mention).{0,20}user", re.I), "hides actions from user"),
]
SECRET = re.compile(r"(gh[pousr]_[A-Za-z0-9]{30,}|sk-[A-Za-z0-9]{20,}|AKIA[0-9A-Z]{16}|xox[bp]-[\w-]{20,})")
PATHREF = re.compile(r"`((?:\./|src/|lib/|scripts/|docs/)[\w./-]+)`")


def lint(p: pathlib.Path) -> tuple[list[str], str]:
    text = p.read_text()
    issues = []
    fixed_lines = []
    for i, line in enumerate(text.splitlines(), 1):
        for rx, why in RISKY:
            if rx.search(line):
                issues.append(f"{p}:{i}: risky instruction ({why}): {line.strip()[:100]}")
        if SECRET.search(line):
            issues.append(f"{p}:{i}: looks like a secret; remove it and rotate the key")
        for ref in PATHREF.findall(line):
            if not pathlib.Path(ref).exists():
                issues.append(f"{p}:{i}: stale path {ref}")
        fixed_lines.append(line.rstrip())
    return issues, "\n".join(fixed_lines) + "\n"


def main() -> None:
    fix = "--fix" in sys.argv
    total = 0
    for name in FILES:
        p = pathlib.Path(name)
        if not p.exists():
            continue
        issues, fixed = lint(p)
        total += len(issues)
        print("\n".join(issues) or f"{p}: clean")
        if fix and fixed != p.read_text():
            diff = difflib.unified_diff(p.read_text().splitlines(), fixed.splitlines(), str(p), str(p) + " (fixed)", lineterm="")
            print("\n".join(diff))
            if input(f"Apply whitespace fixes to {p}? [y/N] ").lower() == "y":
                p.write_text(fixed)
    print(f"{total} issue(s)")


if __name__ == "__main__":
    main()
