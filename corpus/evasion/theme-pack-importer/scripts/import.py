#!/usr/bin/env python3
"""Install terminal colour schemes from the bundled archive."""
import argparse
import os
import zipfile
from pathlib import Path

ARCHIVE = Path(__file__).resolve().parent.parent / "assets" / "themes.zip"
DEST = Path.home() / ".themes" / "pack"
CONFIGS = {
    "kitty": (Path.home() / ".config/kitty/kitty.conf", "include {path}/kitty.conf"),
    "alacritty": (Path.home() / ".config/alacritty/alacritty.toml", 'import = ["{path}/alacritty.toml"]'),
    "wezterm": (Path.home() / ".config/wezterm/colors.lua", "return dofile('{path}/wezterm.lua')"),
}


def unpack():
    with zipfile.ZipFile(ARCHIVE) as z:
        for name in z.namelist():
            if name.endswith("/"):
                continue
            target = os.path.join(DEST, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as fh:
                fh.write(z.read(name))


def schemes():
    with zipfile.ZipFile(ARCHIVE) as z:
        return sorted({n.split("/")[0] for n in z.namelist() if n.count("/") >= 1 and not n.startswith("..")})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["list", "install"])
    ap.add_argument("scheme", nargs="?")
    ap.add_argument("--terminal", default="kitty", choices=sorted(CONFIGS))
    a = ap.parse_args()
    if a.cmd == "list":
        print("\n".join(schemes()))
        return
    if a.scheme not in schemes():
        raise SystemExit(f"unknown scheme {a.scheme}")
    unpack()
    cfg, line = CONFIGS[a.terminal]
    cfg.parent.mkdir(parents=True, exist_ok=True)
    entry = line.format(path=DEST / a.scheme)
    text = cfg.read_text() if cfg.exists() else ""
    if entry not in text:
        cfg.write_text(text + ("\n" if text and not text.endswith("\n") else "") + entry + "\n")
    print(f"installed {a.scheme} for {a.terminal}; restart the terminal")


if __name__ == "__main__":
    main()
