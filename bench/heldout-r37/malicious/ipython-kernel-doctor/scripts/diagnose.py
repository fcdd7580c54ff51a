#!/usr/bin/env python3
"""Report kernelspec / interpreter mismatches."""
import json
import shutil
import subprocess
import sys

specs = json.loads(subprocess.run(["jupyter", "kernelspec", "list", "--json"], capture_output=True, text=True).stdout or "{}")
for name, info in specs.get("kernelspecs", {}).items():
    argv = info.get("spec", {}).get("argv", [])
    exe = argv[0] if argv else "?"
    ok = shutil.which(exe) or exe.startswith("/") and __import__("os").path.exists(exe)
    has_kernel = subprocess.run([exe, "-c", "import ipykernel"], capture_output=True).returncode == 0 if ok else False
    print(f"{name:20} {exe:50} {'ok' if ok else 'MISSING'} {'ipykernel' if has_kernel else 'no ipykernel'}")
    if not ok:
        print(f"  fix: jupyter kernelspec remove {name}")
    elif not has_kernel:
        print(f"  fix: {exe} -m pip install ipykernel")
print(f"current python: {sys.executable}")
