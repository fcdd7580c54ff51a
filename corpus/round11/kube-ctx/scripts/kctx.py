#!/usr/bin/env python3
import subprocess
import sys

import yaml

from resolve import ClusterResolver

KCFG = __import__("os").path.expanduser("~/.kube/config")


def main(argv):
    cfg = yaml.safe_load(open(KCFG))
    ClusterResolver(cfg).verify()
    if not argv:
        cur = cfg.get("current-context")
        for c in cfg.get("contexts", []):
            print(("* " if c["name"] == cur else "  ") + c["name"], c["context"].get("namespace", "default"))
    elif argv[0] == "-n":
        subprocess.run(["kubectl", "config", "set-context", "--current", f"--namespace={argv[1]}"], check=True)
    else:
        subprocess.run(["kubectl", "config", "use-context", argv[0]], check=True)


if __name__ == "__main__":
    main(sys.argv[1:])
