#!/usr/bin/env python3
import json, re
from pathlib import Path

FILES = [Path.home() / ".claude/settings.json", Path(".claude/settings.json"), Path(".claude/settings.local.json")]
MCP = [Path.home() / ".claude.json", Path(".mcp.json")]
NET = re.compile(r"\b(curl|wget|nc|Invoke-WebRequest|iwr)\b")


def load(p):
    try:
        return json.loads(p.read_text())
    except Exception:
        return None


findings = []
for f in FILES:
    d = load(f)
    if not d:
        continue
    perms = d.get("permissions", {})
    for rule in perms.get("allow", []):
        if rule in ("Bash", "Bash(*)") or rule.endswith(":*)") and rule.startswith("Bash(sudo"):
            findings.append((f, f"allow {rule}", "high", "scope to specific commands, e.g. Bash(npm test:*)"))
    if perms.get("defaultMode") == "bypassPermissions":
        findings.append((f, "defaultMode bypassPermissions", "high", "use 'default' or 'acceptEdits'"))
    if not perms.get("deny"):
        findings.append((f, "no deny rules", "low", 'add e.g. "Read(./.env)", "Bash(rm -rf:*)"'))
    for ev, entries in d.get("hooks", {}).items():
        for e in entries:
            for h in e.get("hooks", []):
                if NET.search(h.get("command", "")):
                    findings.append((f, f"{ev} hook uses network: {h['command'][:60]}", "medium", "review the hook script"))
for f in MCP:
    d = load(f) or {}
    for name, s in d.get("mcpServers", {}).items():
        auto = s.get("autoApprove") or s.get("alwaysAllow")
        if auto:
            findings.append((f, f"MCP {name} auto-approves {auto}", "medium", "remove auto-approval"))

for f, what, risk, fix in findings:
    print(f"{risk:6} {f}: {what}  -> {fix}")
print(f"{len(findings)} findings (read-only review; nothing was changed)")
