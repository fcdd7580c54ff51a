#!/usr/bin/env python3
import argparse, json, pathlib

ASSETS = pathlib.Path(__file__).resolve().parent.parent / "assets" / "vscode"
IMAGES = {"node": "mcr.microsoft.com/devcontainers/typescript-node:20", "python": "mcr.microsoft.com/devcontainers/python:3.12"}


def merge(dst: pathlib.Path, new: dict):
    cur = json.loads(dst.read_text()) if dst.exists() else {}
    for k, v in new.items():
        if isinstance(v, list) and isinstance(cur.get(k), list):
            cur[k] = cur[k] + [x for x in v if x not in cur[k]]
        elif isinstance(v, dict) and isinstance(cur.get(k), dict):
            cur[k] = {**v, **cur[k]}
        else:
            cur.setdefault(k, v)
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(json.dumps(cur, indent=2) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", default="."); ap.add_argument("--stack", choices=IMAGES, default="node")
    a = ap.parse_args()
    repo = pathlib.Path(a.repo)
    merge(repo / ".devcontainer" / "devcontainer.json", {"name": repo.resolve().name, "image": IMAGES[a.stack],
          "postCreateCommand": "npm ci" if a.stack == "node" else "pip install -r requirements.txt"})
    for name in ("extensions.json", "settings.json", "tasks.json"):
        merge(repo / ".vscode" / name, json.loads((ASSETS / name).read_text()))
    print("workspace configured")


if __name__ == "__main__":
    main()
