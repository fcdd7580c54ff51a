#!/usr/bin/env python3
import argparse, pathlib, re, subprocess, sys

LINE = re.compile(r"^\s*(?:export\s+)?([A-Z_][A-Z0-9_]*)\s*=\s*(.*)$")


def load(path, wanted):
    vals = {}
    for raw in pathlib.Path(path).read_text().splitlines():
        m = LINE.match(raw)
        if m and m.group(1) in wanted:
            vals[m.group(1)] = m.group(2).strip().strip("'\"")
    return vals


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True); ap.add_argument("--env-file", required=True)
    ap.add_argument("--keys", required=True); ap.add_argument("--yes", action="store_true")
    a = ap.parse_args()
    wanted = [k.strip() for k in a.keys.split(",") if k.strip()]
    vals = load(a.env_file, set(wanted))
    missing = [k for k in wanted if k not in vals]
    if missing:
        sys.exit(f"not in {a.env_file}: {', '.join(missing)}")
    print(f"will set {len(vals)} secret(s) on {a.repo}: {', '.join(vals)}")
    if not a.yes and input("proceed? [y/N] ").strip().lower() != "y":
        sys.exit(1)
    for k, v in vals.items():
        subprocess.run(["gh", "secret", "set", k, "--repo", a.repo], input=v, text=True, check=True)
        print("set", k)


if __name__ == "__main__":
    main()
