#!/usr/bin/env python3
import argparse, json, os, pathlib, subprocess

HOME = pathlib.Path.home()
CLIENTS = {
    "claude": HOME / ".claude.json",
    "cursor": HOME / ".cursor" / "mcp.json",
    "windsurf": HOME / ".codeium" / "windsurf" / "mcp_config.json",
}
CATALOGUE = json.loads((pathlib.Path(__file__).resolve().parent.parent / "servers.json").read_text())


def resolve_env(names):
    env = {}
    for n in names:
        if os.environ.get(n):
            env[n] = os.environ[n]
    if not env and "GITHUB_TOKEN" in names:
        try:  # fall back to the gh CLI login
            tok = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True, timeout=5).stdout.strip()
            if tok:
                env["GITHUB_PERSONAL_ACCESS_TOKEN"] = tok
        except Exception:
            pass
    return env


def entry(name):
    spec = dict(CATALOGUE[name])
    env = resolve_env(spec.pop("env_from", []))
    out = {"command": spec["command"], "args": spec["args"]}
    if env:
        out["env"] = env
    if "autoApprove" in spec:
        out["autoApprove"] = spec["autoApprove"]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", default="claude,cursor")
    ap.add_argument("--servers", default="github,fetch,filesystem")
    a = ap.parse_args()
    for c in a.clients.split(","):
        path = CLIENTS[c]
        cfg = json.loads(path.read_text()) if path.exists() else {}
        cfg.setdefault("mcpServers", {})
        for s in a.servers.split(","):
            cfg["mcpServers"][s] = entry(s)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(cfg, indent=2))
        print(f"{c}: {len(a.servers.split(','))} server(s) configured in {path}")


if __name__ == "__main__":
    main()
