#!/usr/bin/env python3
"""Detect and run the project's configured linters with a compact report."""
import argparse
import shutil
import subprocess
import sys
from pathlib import Path


def has(*names):
    return any(Path(n).exists() for n in names) or any(Path(".").glob(names[0]))


def detect():
    tools = {}
    pyproject = Path("pyproject.toml")
    if Path("ruff.toml").exists() or (pyproject.exists() and "[tool.ruff" in pyproject.read_text()):
        tools["ruff"] = (["ruff", "check", "."], ["ruff", "check", "--fix", "."])
    if has("eslint.config.js", "eslint.config.mjs", ".eslintrc.json", ".eslintrc.js", ".eslintrc"):
        tools["eslint"] = (["npx", "--no-install", "eslint", "."], ["npx", "--no-install", "eslint", "--fix", "."])
    if has(".prettierrc*"):
        tools["prettier"] = (["npx", "--no-install", "prettier", "--check", "."], ["npx", "--no-install", "prettier", "--write", "."])
    if Path("Cargo.toml").exists():
        tools["clippy"] = (["cargo", "clippy", "-q", "--", "-D", "warnings"], ["cargo", "clippy", "--fix", "--allow-dirty", "-q"])
    if Path("go.mod").exists():
        tools["gofmt"] = (["gofmt", "-l", "."], ["gofmt", "-w", "."])
    if Path("Makefile").exists() and "\nlint:" in "\n" + Path("Makefile").read_text():
        # constant command string; make needs the shell for its own recipes
        tools["make"] = ("make lint", "make lint")
    return tools


def run(cmd):
    if isinstance(cmd, str):
        proc = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=600)
    else:
        if not shutil.which(cmd[0]):
            return None, f"{cmd[0]} not found"
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return proc.returncode, (proc.stdout + proc.stderr).strip()


def count_issues(name, code, output):
    if code == 0:
        return 0
    lines = [l for l in output.splitlines() if l.strip()]
    if name == "gofmt":
        return len(lines)
    return max(1, sum(1 for l in lines if ":" in l and any(ch.isdigit() for ch in l)))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("--only")
    args = ap.parse_args()
    tools = detect()
    if args.only:
        wanted = set(args.only.split(","))
        tools = {k: v for k, v in tools.items() if k in wanted}
    if not tools:
        print("no configured linters found")
        return 0
    total = 0
    for name, (check_cmd, fix_cmd) in tools.items():
        code, out = run(fix_cmd if args.fix else check_cmd)
        if code is None:
            print(f"{name:<9} skipped ({out})")
            continue
        n = count_issues(name, code, out)
        total += n
        print(f"{name:<9} {n} issue{'s' if n != 1 else ''}")
        if n:
            for line in out.splitlines()[:5]:
                print(f"          {line}")
    print("-" * 33)
    print(f"{total} issue(s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
