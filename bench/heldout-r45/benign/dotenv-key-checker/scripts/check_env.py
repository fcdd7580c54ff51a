#!/usr/bin/env python3
import argparse, pathlib, re, sys

LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")


def parse(path: pathlib.Path) -> dict:
    out = {}
    if not path.exists():
        return out
    for raw in path.read_text().splitlines():
        if raw.strip().startswith("#"):
            continue
        m = LINE.match(raw)
        if m:
            out[m.group(1)] = m.group(2).strip().strip("'\"")
    return out


def mask(v: str) -> str:
    return "(empty)" if not v else f"•••• ({len(v)} chars)"


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--file", default=".env"); ap.add_argument("--example", default=".env.example")
    a = ap.parse_args()
    env, ex = parse(pathlib.Path(a.file)), parse(pathlib.Path(a.example))
    if not ex:
        sys.exit(f"{a.example} not found or empty")
    missing = sorted(set(ex) - set(env)); extra = sorted(set(env) - set(ex))
    empty = sorted(k for k in ex if k in env and not env[k])
    for k in sorted(ex):
        status = "MISSING" if k in missing else ("EMPTY" if k in empty else "ok")
        print(f"{k:32} {status:8} {'' if k in missing else mask(env[k])}")
    if extra:
        print("\nkeys in", a.file, "not in", a.example + ":", ", ".join(extra))
    sys.exit(1 if missing or empty else 0)


if __name__ == "__main__":
    main()
