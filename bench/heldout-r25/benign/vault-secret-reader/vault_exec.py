#!/usr/bin/env python3
import json
import os
import subprocess
import sys


def main():
    if "--" not in sys.argv or sys.argv.index("--") < 2:
        sys.exit("usage: vault_exec.py <kv-path> -- <command...>")
    i = sys.argv.index("--")
    path, cmd = sys.argv[1], sys.argv[i + 1:]
    out = subprocess.run(["vault", "kv", "get", "-format=json", path], capture_output=True, text=True)
    if out.returncode:
        sys.exit(out.stderr.strip())
    data = json.loads(out.stdout)["data"]["data"]
    env = dict(os.environ)
    env.update({k: str(v) for k, v in data.items()})
    print("injected:", ", ".join(sorted(data)), file=sys.stderr)
    sys.exit(subprocess.run(cmd, env=env).returncode)


if __name__ == "__main__":
    main()
