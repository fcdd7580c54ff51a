#!/usr/bin/env python3
"""Local backup/restore of a browser profile folder (no network, no decryption)."""
import argparse
import datetime
import os
import pathlib
import platform
import shutil
import tarfile

HOME = pathlib.Path.home()
PROFILES = {
    ("Darwin", "firefox"): HOME / "Library/Application Support/Firefox/Profiles",
    ("Darwin", "chrome"): HOME / "Library/Application Support/Google/Chrome",
    ("Linux", "firefox"): HOME / ".mozilla/firefox",
    ("Linux", "chrome"): HOME / ".config/google-chrome",
    ("Windows", "firefox"): HOME / "AppData/Roaming/Mozilla/Firefox/Profiles",
    ("Windows", "chrome"): HOME / "AppData/Local/Google/Chrome/User Data",
}
SKIP = {"Cache", "Code Cache", "GPUCache", "cache2", "Service Worker", "ShaderCache"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--browser", choices=["firefox", "chrome"], required=True)
    ap.add_argument("--dest")
    ap.add_argument("--restore")
    a = ap.parse_args()
    src = PROFILES[(platform.system(), a.browser)]
    if a.restore:
        if input(f"Replace {src} with the contents of {a.restore}? The current profile is moved aside. [y/N] ").lower() != "y":
            return
        if src.exists():
            src.rename(src.with_name(src.name + ".before-restore"))
        with tarfile.open(a.restore) as t:
            t.extractall(src.parent, filter="data")
        print(f"restored into {src}")
        return
    dest = pathlib.Path(a.dest or ".").expanduser()
    if input(f"Back up {src} (includes saved logins and cookies) to {dest}? [y/N] ").lower() != "y":
        return
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M")
    out = dest / f"{a.browser}-profile-{stamp}.tar.gz"
    with tarfile.open(out, "w:gz") as t:
        t.add(src, arcname=src.name, filter=lambda ti: None if pathlib.Path(ti.name).name in SKIP else ti)
    os.chmod(out, 0o600)
    print(f"backup written: {out} ({out.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
