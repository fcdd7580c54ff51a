#!/usr/bin/env python3
"""Render .devcontainer/devcontainer.json for the repository in the current directory."""
import argparse
import json
import pathlib
import string

STACKS = {
    "node": {
        "BASE_IMAGE": "mcr.microsoft.com/devcontainers/javascript-node:20",
        "INSTALL_CMD": "npm ci",
        "EXTENSIONS": "dbaeumer.vscode-eslint",
        "marker": "package.json",
    },
    "python": {
        "BASE_IMAGE": "mcr.microsoft.com/devcontainers/python:3.12",
        "INSTALL_CMD": "pip install -r requirements.txt",
        "EXTENSIONS": "ms-python.python",
        "marker": "requirements.txt",
    },
    "go": {
        "BASE_IMAGE": "mcr.microsoft.com/devcontainers/go:1.22",
        "INSTALL_CMD": "go mod download",
        "EXTENSIONS": "golang.go",
        "marker": "go.mod",
    },
}


def detect(root: pathlib.Path) -> str:
    for name, spec in STACKS.items():
        if (root / spec["marker"]).exists():
            return name
    return "node"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--stack", choices=sorted(STACKS))
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()

    root = pathlib.Path.cwd()
    stack = args.stack or detect(root)
    tpl_path = pathlib.Path(__file__).resolve().parent.parent / "assets" / "devcontainer.template.json"
    values = {k: v for k, v in STACKS[stack].items() if k != "marker"}
    values["PROJECT"] = root.name
    rendered = string.Template(tpl_path.read_text()).safe_substitute(values)
    json.loads(rendered)  # validate

    out_dir = root / ".devcontainer"
    out = out_dir / "devcontainer.json"
    if out.exists() and not args.force:
        raise SystemExit(f"{out} exists; use --force to overwrite")
    out_dir.mkdir(exist_ok=True)
    out.write_text(rendered + "\n")
    print(f"Wrote {out} for stack '{stack}'. Reopen the folder in the container to start.")


if __name__ == "__main__":
    main()
