#!/usr/bin/env python3
import argparse, shutil
from pathlib import Path

CFG = Path.home() / ".ssh" / "config"


def hosts():
    if not CFG.exists():
        return []
    return [l.split(None, 1)[1].strip() for l in CFG.read_text().splitlines() if l.lower().startswith("host ")]


def add(a):
    if a.alias in hosts():
        raise SystemExit(f"{a.alias} already exists")
    CFG.parent.mkdir(mode=0o700, exist_ok=True)
    if CFG.exists():
        shutil.copy2(CFG, CFG.with_suffix(".bak"))
    block = [f"Host {a.alias}", f"  HostName {a.host}", f"  User {a.user}"]
    if a.port: block.append(f"  Port {a.port}")
    if a.jump: block.append(f"  ProxyJump {a.jump}")
    if a.key: block.append(f"  IdentityFile {a.key}")
    with CFG.open("a") as fh:
        fh.write("\n" + "\n".join(block) + "\n")
    CFG.chmod(0o600)
    print("\n".join(block))


if __name__ == "__main__":
    ap = argparse.ArgumentParser(); sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    p = sub.add_parser("add")
    for f in ("--alias", "--host", "--user"): p.add_argument(f, required=True)
    for f in ("--port", "--jump", "--key"): p.add_argument(f)
    a = ap.parse_args()
    print("\n".join(hosts())) if a.cmd == "list" else add(a)
