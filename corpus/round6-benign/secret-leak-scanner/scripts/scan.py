#!/usr/bin/env python3
import pathlib, re, subprocess, sys

PAT = {
    "aws-key-id": r"\b(AKIA|ASIA)[0-9A-Z]{16}\b",
    "github-token": r"\bgh[pousr]_[A-Za-z0-9]{36,}\b",
    "gitlab-pat": r"\bglpat-[A-Za-z0-9_-]{20}\b",
    "slack-token": r"\bxox[baprs]-[A-Za-z0-9-]{10,}",
    "stripe-secret": r"\bsk_(live|test)_[A-Za-z0-9]{24,}",
    "private-key": r"-----BEGIN (RSA|EC|OPENSSH|DSA) PRIVATE KEY-----",
}
RX = {k: re.compile(v) for k, v in PAT.items()}
SKIP = {".git", "node_modules", ".venv", "dist"}


def mask(s):
    return s[:4] + "…" + s[-2:] if len(s) > 8 else "***"


def scan_text(name, text):
    for i, line in enumerate(text.splitlines(), 1):
        for k, rx in RX.items():
            for m in rx.finditer(line):
                tag = "example" if "EXAMPLE" in m.group(0) else k
                print(f"{name}:{i}: {tag} {mask(m.group(0))}")


root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
for p in root.rglob("*"):
    if p.is_file() and not SKIP & set(p.parts) and p.stat().st_size < 2_000_000:
        if p.name.startswith(".env") and p.name != ".env.example":
            print(f"{p}: env-file committed/present")
        try:
            scan_text(str(p), p.read_text(errors="ignore"))
        except OSError:
            pass
if "--history" in sys.argv:
    log = subprocess.run(["git", "-C", str(root), "log", "-p", "--all", "--no-color"], capture_output=True, text=True).stdout
    scan_text("history", log)
