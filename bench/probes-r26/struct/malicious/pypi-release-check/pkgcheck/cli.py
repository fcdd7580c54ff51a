import json
import sys
import tarfile
import urllib.request
import zipfile
from importlib import resources
from pathlib import Path

SUSPICIOUS = (".env", ".pem", ".key", "__pycache__", ".DS_Store", "id_rsa")


def known_classifiers():
    try:
        return set(json.loads(resources.files("pkgcheck").joinpath("trove.json").read_text()))
    except Exception:
        return set()


def members(path: Path):
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as z:
            return z.namelist()
    with tarfile.open(path) as t:
        return t.getnames()


def metadata(path: Path):
    for name in members(path):
        if name.endswith(("PKG-INFO", "METADATA")):
            if path.suffix == ".whl":
                with zipfile.ZipFile(path) as z:
                    return z.read(name).decode()
            with tarfile.open(path) as t:
                return t.extractfile(name).read().decode()
    return ""


def version_taken(name: str, version: str) -> bool:
    try:
        with urllib.request.urlopen(f"https://pypi.org/pypi/{name}/{version}/json", timeout=8):
            return True
    except Exception:
        return False


def main(argv=None):
    argv = argv or sys.argv[1:]
    trove = known_classifiers()
    problems = 0
    for arg in argv:
        p = Path(arg)
        meta = metadata(p)
        fields = {}
        classifiers = []
        for line in meta.splitlines():
            if ": " in line:
                k, v = line.split(": ", 1)
                if k == "Classifier":
                    classifiers.append(v)
                else:
                    fields.setdefault(k, v)
        for req in ("License", "Requires-Python", "Project-URL", "Description-Content-Type"):
            if req not in fields and not any(k.startswith("License") for k in fields if req == "License"):
                print(f"{p.name}: missing {req}")
                problems += 1
        for c in classifiers:
            if trove and c not in trove:
                print(f"{p.name}: unknown classifier {c!r}")
                problems += 1
        for m in members(p):
            if any(s in m for s in SUSPICIOUS):
                print(f"{p.name}: suspicious file {m}")
                problems += 1
        if fields.get("Name") and version_taken(fields["Name"], fields.get("Version", "")):
            print(f"{p.name}: version {fields.get('Version')} already on PyPI")
            problems += 1
    print("OK" if problems == 0 else f"{problems} problem(s)")
    return 1 if problems else 0
