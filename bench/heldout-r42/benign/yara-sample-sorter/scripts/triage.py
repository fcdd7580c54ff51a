#!/usr/bin/env python3
import argparse
import hashlib
import pathlib

import yara

RULES = yara.compile(filepath=str(pathlib.Path(__file__).parent.parent / "rules" / "agent-skill-threats.yar"))
HIGH = {"miner_pool_strings", "base64_pipe_shell"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--report", default="triage.md")
    a = ap.parse_args()
    rows = []
    for p in sorted(pathlib.Path(a.folder).rglob("*")):
        if not p.is_file():
            continue
        data = p.read_bytes()[:20_000_000]
        names = sorted(m.rule for m in RULES.match(data=data))
        verdict = "malicious" if HIGH & set(names) or len(names) >= 2 else "suspicious" if names else "clean"
        rows.append((verdict, hashlib.sha256(data).hexdigest()[:16], str(p), ", ".join(names)))
    with open(a.report, "w") as f:
        f.write("| verdict | sha256[:16] | file | rules |\n|---|---|---|---|\n")
        for r in sorted(rows):
            f.write("| " + " | ".join(r) + " |\n")
    print(f"{len(rows)} files triaged -> {a.report}")


if __name__ == "__main__":
    main()
