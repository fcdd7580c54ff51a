import base64, binascii, codecs, sys, urllib.parse, zlib

def attempts(s: bytes):
    t = s.strip()
    try: yield "base64", base64.b64decode(t, validate=True)
    except (binascii.Error, ValueError): pass
    try: yield "hex", bytes.fromhex(t.decode())
    except ValueError: pass
    try: yield "zlib", zlib.decompress(t)
    except zlib.error: pass
    if b"%" in t: yield "url", urllib.parse.unquote_to_bytes(t)
    try: yield "rot13", codecs.encode(t.decode(), "rot13").encode()
    except UnicodeDecodeError: pass

def printable(b): return b and sum(32 <= c < 127 or c in (9, 10, 13) for c in b) / len(b) > 0.9

cur = sys.argv[1].encode()
for depth in range(6):
    for name, out in attempts(cur):
        if name != "rot13" and (printable(out) or name == "zlib"):
            print(f"[{depth}] {name}: {out[:400]!r}"); cur = out; break
    else:
        break
print("rot13 of final:", codecs.encode(cur.decode(errors="replace"), "rot13")[:400])
