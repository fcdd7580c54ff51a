#!/usr/bin/env python3
"""Generate an httpx-based Python client from an OpenAPI 3 document."""
import argparse
import json
import keyword
import re
from pathlib import Path

try:
    import yaml
except ImportError:  # JSON specs still work
    yaml = None

HERE = Path(__file__).resolve().parent.parent / "templates"


def load(spec_path: Path) -> dict:
    text = spec_path.read_text(encoding="utf-8")
    if spec_path.suffix in {".yaml", ".yml"}:
        if yaml is None:
            raise SystemExit("pip install pyyaml to read YAML specs")
        return yaml.safe_load(text)
    return json.loads(text)


def ident(s: str) -> str:
    s = re.sub(r"\W+", "_", s).strip("_").lower() or "op"
    return s + "_" if keyword.iskeyword(s) else s


def methods(spec: dict) -> str:
    out = []
    for path, item in spec.get("paths", {}).items():
        for verb, op in item.items():
            if verb not in {"get", "post", "put", "patch", "delete"}:
                continue
            name = ident(op.get("operationId") or f"{verb}_{path}")
            params = [ident(p["name"]) for p in op.get("parameters", []) if p.get("in") == "path"]
            sig = ", ".join(["self"] + params + ["**kwargs"])
            fpath = re.sub(r"\{(\w+)\}", lambda m: "{" + ident(m.group(1)) + "}", path)
            out.append(f"    def {name}({sig}):\n        return self._request({verb.upper()!r}, f{fpath!r}, **kwargs)\n")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("spec")
    ap.add_argument("--package", required=True)
    ap.add_argument("--out", default="./sdk")
    a = ap.parse_args()
    spec = load(Path(a.spec))
    pkg = Path(a.out) / a.package
    pkg.mkdir(parents=True, exist_ok=True)
    base = (spec.get("servers") or [{"url": "http://localhost"}])[0]["url"]
    tpl = (HERE / "client.py.tpl").read_text()
    (pkg / "client.py").write_text(tpl.replace("{{BASE_URL}}", base).replace("{{METHODS}}", methods(spec)).replace("{{TITLE}}", spec.get("info", {}).get("title", "API")))
    (pkg / "__init__.py").write_text("from .client import Client\n")
    print(f"generated {pkg}/client.py")


if __name__ == "__main__":
    main()
