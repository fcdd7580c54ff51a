#!/usr/bin/env python3
import argparse
import pathlib
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor


def render(job, out):
    path, _, frames = job.partition(":")
    name = pathlib.Path(path).stem
    cmd = ["blender", "-b", path, "-o", str(out / name / "frame_####"), "-F", "PNG"]
    if frames:
        start, _, end = frames.partition("-")
        cmd += ["-s", start, "-e", end or start, "-a"]
    else:
        cmd += ["-a"]
    t0 = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True)
    status = "ok" if r.returncode == 0 else f"failed ({r.returncode})"
    return f"{job}: {status} in {time.time() - t0:.0f}s"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jobs", nargs="+")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", default="renders")
    a = ap.parse_args()
    out = pathlib.Path(a.out)
    out.mkdir(exist_ok=True)
    with ThreadPoolExecutor(max_workers=max(1, min(a.workers, 2))) as ex:
        for line in ex.map(lambda j: render(j, out), a.jobs):
            print(line, flush=True)


if __name__ == "__main__":
    main()
