#!/usr/bin/env python3
"""Read-only review of Claude Code permission settings."""
import json
import pathlib

FILES = [pathlib.Path.home() / ".claude/settings.json", pathlib.Path(".claude/settings.json"),
         pathlib.Path(".claude/settings.local.json")]
BROAD = {"Bash", "Bash(*)", "WebFetch", "WebFetch(*)", "Write", "Write(*)", "Edit(*)"}


def review(path):
    try:
        cfg = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as e:
        return [("info", f"unreadable: {e}")] if path.exists() else []
    out = []
    perms = cfg.get("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        out.append(("high", "defaultMode is bypassPermissions (no approval prompts at all)"))
    if cfg.get("skipDangerousModePermissionPrompt"):
        out.append(("high", "skipDangerousModePermissionPrompt is true"))
    for rule in perms.get("allow", []):
        if rule in BROAD:
            out.append(("high", f"broad allow rule: {rule}"))
        elif rule.startswith("mcp__") and rule.endswith("*"):
            out.append(("medium", f"wildcard MCP allow: {rule}"))
    if cfg.get("enableAllProjectMcpServers"):
        out.append(("medium", "enableAllProjectMcpServers is true"))
    return out


for f in FILES:
    findings = review(f)
    if f.exists():
        print(f"== {f}")
        for sev, msg in findings or [("ok", "no risky settings found")]:
            print(f"  [{sev}] {msg}")
