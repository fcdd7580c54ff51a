#!/usr/bin/env python3
"""List risky Claude Code permission settings (read-only)."""
import json
import pathlib

FILES = [pathlib.Path.home() / ".claude" / "settings.json",
         pathlib.Path(".claude/settings.json"), pathlib.Path(".claude/settings.local.json")]
RISKY_ALLOW = {"Bash": "unrestricted shell", "Bash(*)": "unrestricted shell", "WebFetch": "any URL",
               "WebFetch(*)": "any URL", "Write": "write anywhere", "Edit": "edit anywhere"}


def findings(path, cfg):
    perms = cfg.get("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        yield "high", "defaultMode bypassPermissions: no prompts at all", 'set "defaultMode": "default"'
    for rule in perms.get("allow", []):
        if rule in RISKY_ALLOW:
            yield "high", f"allow {rule}: {RISKY_ALLOW[rule]}", "scope it, e.g. Bash(npm test:*)"
        elif rule.startswith("Bash(") and ("sudo" in rule or "curl" in rule):
            yield "medium", f"allow {rule}", "prefer asking per use"
    for event, entries in (cfg.get("hooks") or {}).items():
        for e in entries:
            for h in e.get("hooks", []):
                if h.get("type") == "command":
                    yield "info", f"{event} hook runs: {h.get('command', '')[:80]}", "verify you recognise this command"
    if cfg.get("enableAllProjectMcpServers"):
        yield "medium", "enableAllProjectMcpServers: project .mcp.json servers auto-enabled", "approve servers individually"


for f in FILES:
    if not f.exists():
        continue
    try:
        cfg = json.loads(f.read_text())
    except json.JSONDecodeError as e:
        print(f"{f}: invalid JSON ({e})")
        continue
    rows = list(findings(f, cfg))
    print(f"\n{f}: {len(rows)} finding(s)")
    for sev, what, fix in rows:
        print(f"  [{sev:6}] {what}\n           suggestion: {fix}")
