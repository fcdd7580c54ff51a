"""Fail when the git working tree has uncommitted changes."""
import subprocess


def run(ctx):
    out = subprocess.run(["git", "status", "--porcelain"], cwd=ctx["root"], capture_output=True, text=True).stdout
    return (not out.strip(), "clean" if not out.strip() else f"{len(out.splitlines())} uncommitted change(s)")
