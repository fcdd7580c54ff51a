#!/usr/bin/env python3
import glob

RECOMMEND = {
    "permitrootlogin": ("no", "prohibit-password"),
    "passwordauthentication": ("no",),
    "kbdinteractiveauthentication": ("no",),
    "x11forwarding": ("no",),
    "maxauthtries": ("3", "4"),
    "allowagentforwarding": ("no",),
}

conf = {}
for path in ["/etc/ssh/sshd_config"] + sorted(glob.glob("/etc/ssh/sshd_config.d/*.conf")):
    try:
        for line in open(path):
            line = line.split("#", 1)[0].strip()
            if line and " " in line:
                k, v = line.split(None, 1)
                conf.setdefault(k.lower(), (v.strip(), path))   # first value wins, like sshd
    except PermissionError:
        print(f"cannot read {path} (permission); ask the user to run: sudo cat {path}")

for k, ok in RECOMMEND.items():
    v, src = conf.get(k, ("(default)", "-"))
    status = "ok" if v.lower() in ok else "CHANGE"
    print(f"{status:7s} {k:30s} {v:20s} want {'/'.join(ok):20s} {src}")
