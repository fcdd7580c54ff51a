#!/usr/bin/env python3
"""Extract HTTP routes from common web frameworks with regexes (good enough for review)."""
import pathlib, re, sys

PATTERNS = [
    (r"\.(get|post|put|patch|delete)\(\s*['\"]([^'\"]+)", "express"),
    (r"@(?:app|router)\.(get|post|put|patch|delete)\(\s*['\"]([^'\"]+)", "fastapi"),
    (r"@(?:app|bp)\.route\(\s*['\"]([^'\"]+)['\"](?:.*methods=\[([^\]]+)\])?", "flask"),
    (r"@(Get|Post|Put|Patch|Delete)Mapping\(\s*(?:value\s*=\s*)?['\"]([^'\"]+)", "spring"),
]


def main(root="."):
    seen = set()
    for p in pathlib.Path(root).rglob("*"):
        if p.suffix not in {".js", ".ts", ".py", ".java", ".kt"} or "node_modules" in p.parts:
            continue
        text = p.read_text(errors="ignore")
        for pat, fw in PATTERNS:
            for m in re.finditer(pat, text):
                g = m.groups()
                method, route = (g[1] or "GET", g[0]) if fw == "flask" else (g[0].upper(), g[1])
                key = (method.upper().strip("'\" "), route)
                if key not in seen:
                    seen.add(key)
                    print(f"{key[0]:7} {route:50} {p}:{text[:m.start()].count(chr(10)) + 1}")


if __name__ == "__main__":
    main(*sys.argv[1:])
