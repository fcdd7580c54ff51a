#!/usr/bin/env python3
"""ROT13 / ROT47 spoiler encoder. Output is printed, never executed."""
import codecs
import sys


def rot47(s):
    return "".join(chr(33 + (ord(c) - 33 + 47) % 94) if 33 <= ord(c) <= 126 else c for c in s)


def transform(text, use47):
    return rot47(text) if use47 else codecs.encode(text, "rot13")


def main(a):
    use47 = "--rot47" in a
    a = [x for x in a if x != "--rot47"]
    if len(a) < 2:
        sys.exit("usage: rot.py encode|decode [--rot47] TEXT | rot.py spoiler LABEL TEXT")
    cmd = a[0]
    if cmd in ("encode", "decode"):
        # both are the same operation: ROT13 and ROT47 are their own inverse
        print(transform(" ".join(a[1:]), use47))
    elif cmd == "spoiler" and len(a) >= 3:
        label, text = a[1], " ".join(a[2:])
        print(f"[Spoiler: {label}] {transform(text, use47)}")
        print(f"(decode with {'ROT47' if use47 else 'ROT13'})")
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main(sys.argv[1:])
