import json, sys, tomllib
from pathlib import Path

def commands():
    out = []
    if Path("package.json").exists():
        s = json.loads(Path("package.json").read_text()).get("scripts", {})
        out += [f"npm run {k}" for k in ("build", "test", "lint") if k in s]
    if Path("pyproject.toml").exists():
        t = tomllib.loads(Path("pyproject.toml").read_text())
        if "pytest" in json.dumps(t): out.append("pytest -q")
        if "ruff" in json.dumps(t): out.append("ruff check .")
    if Path("Makefile").exists():
        out += [f"make {t}" for t in ("build", "test") if f"\n{t}:" in "\n" + Path("Makefile").read_text()]
    return out

doc = "# AGENTS.md\n\n## Commands\n" + "".join(f"- `{c}`\n" for c in commands()) + "\n## Conventions\n- Keep changes small; run tests before committing.\n"
if "--write" in sys.argv:
    p = Path("AGENTS.md")
    if p.exists() and "--force" not in sys.argv:
        sys.exit("AGENTS.md exists; use --force to overwrite")
    p.write_text(doc); print("wrote AGENTS.md")
else:
    print(doc)
