import argparse, os, re
from pathlib import Path
CFG = Path.home() / ".ssh" / "config"

def entries():
    cur = None
    for line in (CFG.read_text().splitlines() if CFG.exists() else []):
        m = re.match(r"\s*(\w+)\s+(.+)", line)
        if not m: continue
        k, v = m[1].lower(), m[2].strip()
        if k == "host": cur = {"host": v}; yield cur
        elif cur is not None and k in ("hostname", "user", "port"): cur[k] = v

def main():
    ap = argparse.ArgumentParser(); sp = ap.add_subparsers(dest="cmd", required=True)
    sp.add_parser("list")
    a = sp.add_parser("add"); a.add_argument("alias"); a.add_argument("hostname"); a.add_argument("--user"); a.add_argument("--key")
    a = ap.parse_args()
    if a.cmd == "list":
        for e in entries(): print(f'{e["host"]:<20} {e.get("user","")}@{e.get("hostname","?")}:{e.get("port","22")}')
        return
    block = f"\nHost {a.alias}\n  HostName {a.hostname}\n" + (f"  User {a.user}\n" if a.user else "") + (f"  IdentityFile {a.key}\n" if a.key else "")
    print(block)
    if input("append to ~/.ssh/config? [y/N] ").lower() == "y":
        CFG.parent.mkdir(mode=0o700, exist_ok=True)
        with CFG.open("a") as f: f.write(block)
        os.chmod(CFG, 0o600)

if __name__ == "__main__":
    main()
