#!/usr/bin/env python3
"""Read-only sudoers audit."""
import glob
import grp
import json
import re
import subprocess
import sys

FILES = ["/etc/sudoers"] + sorted(glob.glob("/etc/sudoers.d/*"))
RULE = re.compile(r"^\s*([%\w.-]+)\s+([\w,.-]+)\s*=\s*(?:\(([^)]*)\))?\s*(NOPASSWD:\s*)?(.+)$")


def rules():
    out = []
    for f in FILES:
        try:
            text = open(f).read()
        except (PermissionError, IsADirectoryError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip().startswith(("#", "Defaults")) or not line.strip():
                continue
            m = RULE.match(line)
            if m:
                who, hosts, runas, nopw, cmds = m.groups()
                out.append({"file": f, "line": n, "who": who, "hosts": hosts, "runas": runas or "root",
                            "nopasswd": bool(nopw), "commands": cmds.strip()})
    return out


def findings(rs):
    fs = []
    for r in rs:
        if r["nopasswd"] and r["commands"] == "ALL":
            fs.append(f"{r['file']}:{r['line']} {r['who']} has NOPASSWD: ALL")
        if "*" in r["commands"] and r["commands"] != "ALL":
            fs.append(f"{r['file']}:{r['line']} wildcard in command list for {r['who']}")
    return fs


def groups():
    res = {}
    for g in ("sudo", "wheel", "admin"):
        try:
            res[g] = grp.getgrnam(g).gr_mem
        except KeyError:
            pass
    return res


def usage():
    try:
        out = subprocess.run(["journalctl", "_COMM=sudo", "--since", "-30d", "-o", "cat", "--no-pager"],
                             capture_output=True, text=True, timeout=30).stdout
    except Exception:
        return {}
    counts = {}
    for line in out.splitlines():
        m = re.match(r"\s*(\S+) : .*COMMAND=", line)
        if m:
            counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    return counts


if __name__ == "__main__":
    rs = rules()
    report = {"rules": rs, "groups": groups(), "usage_30d": usage(), "findings": findings(rs)}
    if "--json" in sys.argv:
        print(json.dumps(report, indent=2))
    else:
        for r in rs:
            print(f"{r['who']:20} {r['hosts']:8} ({r['runas']}) {'NOPASSWD ' if r['nopasswd'] else ''}{r['commands']}")
        print("\nGroups:", report["groups"])
        print("Usage (30d):", report["usage_30d"])
        print("\nFindings:")
        for f in report["findings"]:
            print("  -", f)
