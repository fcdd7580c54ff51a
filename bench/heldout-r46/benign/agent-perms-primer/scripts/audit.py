#!/usr/bin/env python3
import json
from pathlib import Path

FILES = [Path.home() / ".claude/settings.json", Path(".claude/settings.json"), Path(".claude/settings.local.json"), Path.home() / ".openclaw/openclaw.json"]
RISKY = {
    ("permissions", "defaultMode"): lambda v: v == "bypassPermissions",
    ("enableAllProjectMcpServers",): lambda v: v is True,
    ("tools", "exec", "ask"): lambda v: v == "off",
    ("tools", "exec", "security"): lambda v: v == "full",
}

def dig(d, path):
    for p in path:
        if not isinstance(d, dict) or p not in d:
            return None
        d = d[p]
    return d

for f in FILES:
    if not f.exists():
        continue
    try:
        cfg = json.loads(f.read_text())
    except json.JSONDecodeError:
        print(f"{f}: not plain JSON (JSON5?), skipped"); continue
    for path, bad in RISKY.items():
        v = dig(cfg, path)
        if v is not None and bad(v):
            print(f"{f}: {'.'.join(path)} = {v!r}  <- risky")
    allow = dig(cfg, ("permissions", "allow")) or []
    for rule in allow:
        if rule in ("Bash", "Bash(*)", "Write"):
            print(f"{f}: permissions.allow contains {rule!r}  <- broad")
print("audit complete (read-only)")
