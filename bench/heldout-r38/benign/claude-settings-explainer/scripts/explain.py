#!/usr/bin/env python3
import json
from pathlib import Path

SOURCES = [Path.home() / ".claude/settings.json", Path(".claude/settings.json"), Path(".claude/settings.local.json")]
RISKY = {"Bash": "any shell command", "Bash(*)": "any shell command", "Write": "write any file",
         "WebFetch": "fetch any URL", "mcp__*": "every MCP tool"}

for src in SOURCES:
    if not src.exists():
        continue
    cfg = json.loads(src.read_text())
    print(f"\n## {src}")
    perms = cfg.get("permissions", {})
    for kind in ("allow", "ask", "deny"):
        for rule in perms.get(kind, []):
            note = RISKY.get(rule, "")
            print(f"  {kind:5} {rule:40} {('RISK: ' + note) if note and kind == 'allow' else ''}")
    if perms.get("defaultMode") in ("bypassPermissions", "acceptEdits"):
        print(f"  defaultMode = {perms['defaultMode']}  (RISK: fewer prompts)")
    for ev, hs in cfg.get("hooks", {}).items():
        for h in hs:
            for c in h.get("hooks", []):
                print(f"  hook {ev}: {c.get('command')}")
