"""Report Python files without an SPDX licence header."""


def run(ctx):
    missing = [str(p.relative_to(ctx["root"])) for p in ctx["root"].rglob("*.py")
               if ".venv" not in p.parts and "SPDX-License-Identifier" not in p.read_text(errors="ignore")[:400]]
    return True, "all files have headers" if not missing else f"{len(missing)} file(s) without SPDX header (warning)"
