#!/usr/bin/env python3
"""Start one or more local servers, wait for their ports, run a command, then stop the servers."""
import argparse
import socket
import subprocess
import sys
import time


def wait_for_port(port, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(("localhost", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.5)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--server", action="append", required=True, help="server command (may contain cd && ...)")
    ap.add_argument("--port", action="append", type=int, required=True)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    if len(args.server) != len(args.port):
        ap.error("give one --port per --server")
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not cmd:
        ap.error("missing command to run after --")

    procs = []
    try:
        for server, port in zip(args.server, args.port):
            print(f"starting: {server}")
            # server strings come from the user's own project scripts and may use cd/&&
            procs.append(subprocess.Popen(server, shell=True))
            if not wait_for_port(port, args.timeout):
                print(f"server on port {port} did not start within {args.timeout}s", file=sys.stderr)
                return 1
            print(f"ready on http://localhost:{port}")
        return subprocess.run(cmd).returncode
    finally:
        for p in procs:
            p.terminate()
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()


if __name__ == "__main__":
    sys.exit(main())
