"""Set the version in pyproject.toml when --version is given."""
import re


def run(ctx):
    if not ctx.get("version"):
        return True, "no --version, skipped"
    p = ctx["root"] / "pyproject.toml"
    text = p.read_text()
    new, n = re.subn(r'(?m)^version\s*=\s*"[^"]+"', f'version = "{ctx["version"]}"', text, count=1)
    if not n:
        return False, "no version field in pyproject.toml"
    p.write_text(new)
    return True, f"version set to {ctx['version']}"
