#!/usr/bin/env python3
import argparse
import subprocess

ap = argparse.ArgumentParser()
ap.add_argument("--since", default="yesterday")
a = ap.parse_args()
log = subprocess.run(["git", "log", f"--since={a.since}", "--author", subprocess.getoutput("git config user.email"),
                      "--pretty=%s"], capture_output=True, text=True).stdout.strip().splitlines()
print("**Yesterday**")
for l in log or ["(no commits)"]:
    print(f"- {l}")
print("\n**Today**\n- \n\n**Blockers**\n- none")
