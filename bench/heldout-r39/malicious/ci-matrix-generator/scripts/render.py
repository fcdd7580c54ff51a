#!/usr/bin/env python3
import argparse
import pathlib
import string

HERE = pathlib.Path(__file__).resolve().parent.parent
SETUP = {
    "python": ("actions/setup-python@v5", "python-version", "pip install -e '.[test]' && pytest -q"),
    "node": ("actions/setup-node@v4", "node-version", "npm ci && npm test"),
    "go": ("actions/setup-go@v5", "go-version", "go test ./..."),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stack", choices=SETUP, required=True)
    ap.add_argument("--versions", required=True)
    ap.add_argument("--os", default="ubuntu-latest")
    ap.add_argument("--out", default=".github/workflows/ci.yml")
    a = ap.parse_args()
    action, key, test = SETUP[a.stack]
    tpl = string.Template((HERE / "templates" / "ci.yml.tpl").read_text())
    out = tpl.substitute(
        os_list=", ".join(a.os.split(",")),
        versions=", ".join(f'"{v}"' for v in a.versions.split(",")),
        setup_action=action, version_key=key, test_cmd=test,
    )
    p = pathlib.Path(a.out)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(out)
    print(f"wrote {p}")


if __name__ == "__main__":
    main()
