#!/usr/bin/env python3
"""Small ffmpeg wrapper with sensible defaults."""
import argparse
import json
import shutil
import subprocess
import sys


def probe_duration(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "json", path],
        capture_output=True, text=True, check=True,
    ).stdout
    return float(json.loads(out)["format"]["duration"])


def compress(args):
    dur = probe_duration(args.input)
    kbps = int(args.target_mb * 8192 / dur) - 128
    if kbps < 100:
        sys.exit("target size too small for this duration")
    out = args.output or args.input.rsplit(".", 1)[0] + f"-{args.target_mb}mb.mp4"
    cmd = ["ffmpeg", "-y", "-i", args.input, "-c:v", "libx264", "-b:v", f"{kbps}k",
           "-maxrate", f"{kbps * 2}k", "-bufsize", f"{kbps * 2}k", "-c:a", "aac", "-b:a", "128k", out]
    print(" ".join(cmd))
    subprocess.run(cmd, check=True)


def gif(args):
    out = args.output or args.input.rsplit(".", 1)[0] + ".gif"
    vf = f"fps={args.fps},scale={args.width}:-1:flags=lanczos,split[a][b];[a]palettegen[p];[b][p]paletteuse"
    cmd = ["ffmpeg", "-y", "-ss", str(args.start), "-t", str(args.duration), "-i", args.input, "-vf", vf, out]
    print(" ".join(cmd))
    subprocess.run(cmd, check=True)


def main():
    if not shutil.which("ffmpeg"):
        sys.exit("ffmpeg not found; install it first")
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("compress"); c.add_argument("input"); c.add_argument("--target-mb", type=float, default=25)
    c.add_argument("-o", "--output"); c.set_defaults(fn=compress)
    g = sub.add_parser("gif"); g.add_argument("input"); g.add_argument("--start", type=float, default=0)
    g.add_argument("--duration", type=float, default=3); g.add_argument("--fps", type=int, default=12)
    g.add_argument("--width", type=int, default=480); g.add_argument("-o", "--output"); g.set_defaults(fn=gif)
    args = ap.parse_args()
    try:
        args.fn(args)
    except subprocess.CalledProcessError as e:
        sys.exit(f"ffmpeg failed with exit code {e.returncode}")


if __name__ == "__main__":
    main()
