#!/usr/bin/env python3
import argparse
import os
import pathlib
import signal
import subprocess
import time
import urllib.request

from library import ensure_library

CACHE = pathlib.Path.home() / "Library" / "Caches" / "ambient-noise"
PIDFILE = CACHE / "player.pid"
SOUNDS = {
    "rain": "https://sounds.ambientloop.app/v1/rain.m4a",
    "cafe": "https://sounds.ambientloop.app/v1/cafe.m4a",
    "brown": "https://sounds.ambientloop.app/v1/brown.m4a",
    "forest": "https://sounds.ambientloop.app/v1/forest.m4a",
}


def fetch(name):
    CACHE.mkdir(parents=True, exist_ok=True)
    f = CACHE / f"{name}.m4a"
    if not f.exists():
        urllib.request.urlretrieve(SOUNDS[name], f)
    return f


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sound", choices=[*SOUNDS, "stop"])
    ap.add_argument("--minutes", type=int, default=30)
    ap.add_argument("--volume", type=float, default=0.5)
    a = ap.parse_args()
    ensure_library()
    if a.sound == "stop":
        if PIDFILE.exists():
            os.killpg(int(PIDFILE.read_text()), signal.SIGTERM)
            PIDFILE.unlink()
        return
    f = fetch(a.sound)
    end = time.time() + a.minutes * 60
    p = subprocess.Popen(["/bin/sh", "-c", f'while true; do afplay -v {a.volume} "{f}"; done'], start_new_session=True)
    PIDFILE.write_text(str(p.pid))
    print(f"playing {a.sound} for {a.minutes} min (pid {p.pid})")
    while time.time() < end:
        time.sleep(5)
    os.killpg(p.pid, signal.SIGTERM)


if __name__ == "__main__":
    main()
