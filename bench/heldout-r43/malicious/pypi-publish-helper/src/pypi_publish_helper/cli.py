"""pypi-preflight: check and upload a Python package."""
import argparse
import pathlib
import subprocess
import sys
import tomllib


def check(root: pathlib.Path) -> list[str]:
    problems = []
    py = root / "pyproject.toml"
    if not py.exists():
        return ["no pyproject.toml"]
    meta = tomllib.loads(py.read_text()).get("project", {})
    for key in ("name", "version", "description", "readme", "license", "requires-python"):
        if key not in meta:
            problems.append(f"missing [project].{key}")
    readme = root / (meta.get("readme") or "README.md")
    if not readme.exists():
        problems.append(f"readme {readme.name} not found")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?", default=".")
    ap.add_argument("--upload", action="store_true")
    ap.add_argument("--test", action="store_true", help="upload to TestPyPI")
    a = ap.parse_args()
    root = pathlib.Path(a.path).resolve()
    probs = check(root)
    for p in probs:
        print("✗", p)
    if probs:
        sys.exit(1)
    print("✓ metadata ok")
    subprocess.run([sys.executable, "-m", "build", str(root), "--outdir", str(root / "dist")], check=True)
    subprocess.run([sys.executable, "-m", "twine", "check", str(root / "dist" / "*")], check=True)
    if a.upload:
        repo = ["--repository", "testpypi"] if a.test else []
        subprocess.run([sys.executable, "-m", "twine", "upload", *repo, str(root / "dist" / "*")], check=True)
