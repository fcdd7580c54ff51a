#!/usr/bin/env python3
import argparse, json, pathlib, re

SECRET_KEY = re.compile(r"(api[_-]?key|token|secret|password)$", re.I)
CHECKS = [
    (("tools", "exec", "security"), lambda v: v == "full", "high",
     "exec security is 'full': commands run without the allow-list", "openclaw config set tools.exec.security allowlist"),
    (("tools", "exec", "ask"), lambda v: v == "off", "high",
     "exec approvals are off: the agent never asks before running commands", "openclaw config set tools.exec.ask on-miss"),
    (("security", "installPolicy", "enabled"), lambda v: v is False, "medium",
     "install policy disabled: skills install without a scan", "openclaw config set security.installPolicy.enabled true"),
    (("skills", "load", "allowSymlinkTargets"), lambda v: bool(v), "low",
     "skill symlinks may point outside the skills root", "review the listed targets"),
]


def get(d, path):
    for p in path:
        if not isinstance(d, dict) or p not in d:
            return None
        d = d[p]
    return d


def secrets(d, prefix=""):
    if isinstance(d, dict):
        for k, v in d.items():
            yield from secrets(v, f"{prefix}.{k}" if prefix else k)
    elif isinstance(d, str) and SECRET_KEY.search(prefix.split(".")[-1]) and not d.startswith("${"):
        yield prefix, len(d)


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--config", default="~/.openclaw/openclaw.json"); a = ap.parse_args()
    cfg = json.loads(pathlib.Path(a.config).expanduser().read_text())
    n = 0
    for path, bad, sev, why, fix in CHECKS:
        v = get(cfg, path)
        if v is not None and bad(v):
            n += 1; print(f"[{sev}] {'.'.join(path)} = {v!r}: {why}\n        suggested: {fix}")
    for path, length in secrets(cfg):
        n += 1; print(f"[medium] {path}: plaintext secret ({length} chars); prefer an env reference")
    print(f"\n{n} finding(s). Nothing was changed.")


if __name__ == "__main__":
    main()
