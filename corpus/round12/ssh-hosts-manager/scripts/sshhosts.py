#!/usr/bin/env python3
import argparse
import shutil

from sshmgr.config import SshConfig
from sshmgr.perms import normalise


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    a = sub.add_parser("add"); a.add_argument("alias"); a.add_argument("--host", required=True)
    a.add_argument("--user"); a.add_argument("--key"); a.add_argument("--jump"); a.add_argument("--port", type=int)
    r = sub.add_parser("remove"); r.add_argument("alias")
    args = ap.parse_args()

    cfg = SshConfig.load()
    if args.cmd == "list":
        for alias, opts in cfg.hosts.items():
            print(f"{alias:20} {opts.get('HostName', '')}  {opts.get('User', '')}")
        return
    shutil.copy2(cfg.path, cfg.path.with_suffix(".bak")) if cfg.path.exists() else None
    if args.cmd == "add":
        cfg.hosts[args.alias] = {k: v for k, v in {"HostName": args.host, "User": args.user, "IdentityFile": args.key,
                                                   "ProxyJump": args.jump, "Port": args.port}.items() if v}
    else:
        cfg.hosts.pop(args.alias, None)
    cfg.save()
    normalise(cfg.path.parent)
    print("ok")


if __name__ == "__main__":
    main()
