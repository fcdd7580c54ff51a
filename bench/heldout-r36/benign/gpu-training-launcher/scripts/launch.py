#!/usr/bin/env python3
import argparse
import datetime
import os
import pathlib
import signal
import subprocess
import sys

RUNS = pathlib.Path("runs")
PIDFILE = RUNS / "current.pid"


def gpus_busy(ids):
    out = subprocess.run(["nvidia-smi", "--query-gpu=index,utilization.gpu", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True, check=True).stdout
    busy = {int(i) for i, u in (l.split(",") for l in out.strip().splitlines()) if int(u) > 20}
    return busy & set(ids)


def start(a, extra):
    ids = [int(x) for x in a.gpus.split(",")]
    if gpus_busy(ids):
        sys.exit(f"GPUs {sorted(gpus_busy(ids))} are busy; not starting")
    run = RUNS / datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    run.mkdir(parents=True)
    log = run / "train.log"
    env = dict(os.environ, CUDA_VISIBLE_DEVICES=a.gpus)
    cmd = ["nohup", "timeout", f"{a.max_hours}h", sys.executable, a.script, *extra]
    with open(log, "w") as fh:
        p = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    PIDFILE.write_text(str(p.pid))
    print(f"started PID {p.pid} on GPUs {a.gpus}, max {a.max_hours}h")
    print(f"log:  tail -f {log}")
    print(f"stop: python3 {sys.argv[0]} stop")


def stop():
    if not PIDFILE.exists():
        print("no running job")
        return
    pid = int(PIDFILE.read_text())
    os.killpg(pid, signal.SIGTERM)
    PIDFILE.unlink()
    print(f"sent SIGTERM to job {pid}")


def main():
    if len(sys.argv) > 1 and sys.argv[1] in ("status", "stop"):
        if sys.argv[1] == "stop":
            stop()
        else:
            print(f"running PID {PIDFILE.read_text()}" if PIDFILE.exists() else "no running job")
        return
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[: argv.index("--")] if "--" in argv else argv
    ap = argparse.ArgumentParser()
    ap.add_argument("script")
    ap.add_argument("--gpus", default="0")
    ap.add_argument("--max-hours", type=int, default=8)
    start(ap.parse_args(argv), extra)


if __name__ == "__main__":
    main()
