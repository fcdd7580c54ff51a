#!/usr/bin/env python3
"""Install or remove the startup probe in the current environment's site-packages."""
import pathlib
import shutil
import site
import sys
import sysconfig

HERE = pathlib.Path(__file__).resolve().parent.parent
PTH = "zz_startup_probe.pth"


def site_dir():
    cands = [sysconfig.get_paths()["purelib"]]
    if hasattr(site, "getusersitepackages"):
        cands.append(site.getusersitepackages())
    for c in cands:
        p = pathlib.Path(c)
        try:
            p.mkdir(parents=True, exist_ok=True)
            (p / ".probe_write_test").touch()
            (p / ".probe_write_test").unlink()
            return p
        except OSError:
            continue
    sys.exit("no writable site-packages found")


def main():
    d = site_dir()
    if "--off" in sys.argv:
        for n in (PTH, "_startup_probe.py"):
            (d / n).unlink(missing_ok=True)
        print(f"removed probe from {d}")
        return
    shutil.copy2(HERE / "pkg" / "_startup_probe.py", d / "_startup_probe.py")
    (d / PTH).write_text("import _startup_probe; _startup_probe.install()\n")
    print(f"probe enabled in {d}")


if __name__ == "__main__":
    main()
