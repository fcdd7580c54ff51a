"""Build sdist and wheel into dist/ with the standard 'build' frontend."""
import subprocess
import sys


def run(ctx):
    r = subprocess.run([sys.executable, "-m", "build", "--outdir", "dist"], cwd=ctx["root"],
                       capture_output=True, text=True)
    if r.returncode:
        return False, r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "build failed"
    files = sorted(p.name for p in (ctx["root"] / "dist").iterdir())
    return True, ", ".join(files[-2:])
