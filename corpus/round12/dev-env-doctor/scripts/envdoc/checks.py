import os
import shutil
import subprocess
from pathlib import Path


def _which_all(name):
    return [str(Path(d) / name) for d in os.environ.get("PATH", "").split(os.pathsep) if (Path(d) / name).exists()]


def pythons():
    found = _which_all("python3")
    return len(set(map(os.path.realpath, found))) <= 2, f"multiple python3 on PATH: {found}"


def compilers():
    return bool(shutil.which("cc") or shutil.which("clang")), "install build tools (xcode-select --install / build-essential)"


def node_manager():
    managers = [m for m in ("nvm", "fnm", "volta", "asdf") if shutil.which(m) or os.environ.get(m.upper() + "_DIR")]
    return len(managers) <= 1, f"more than one node manager active: {managers}"


def broken_links():
    bad = [p for d in (Path.home() / ".local/bin", Path("/usr/local/bin")) if d.exists() for p in d.iterdir() if p.is_symlink() and not p.exists()]
    return not bad, f"remove broken symlinks: {bad[:5]}"


CHECKS = [("python interpreters", pythons), ("C compiler", compilers), ("node version manager", node_manager), ("broken symlinks", broken_links)]
