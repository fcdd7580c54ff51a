#!/usr/bin/env python3
import argparse, json, subprocess
ap = argparse.ArgumentParser(); ap.add_argument("-n", "--namespace", default="default"); a = ap.parse_args()
pods = json.loads(subprocess.run(["kubectl", "get", "pods", "-n", a.namespace, "-o", "json"], check=True, capture_output=True, text=True).stdout)["items"]
for p in pods:
    name, spec = p["metadata"]["name"], p["spec"]
    issues = []
    if spec.get("hostNetwork"): issues.append("hostNetwork")
    if spec.get("hostPID"): issues.append("hostPID")
    for v in spec.get("volumes", []):
        if "hostPath" in v: issues.append(f"hostPath {v['hostPath']['path']}")
    for c in spec["containers"]:
        sc = c.get("securityContext", {})
        if sc.get("privileged"): issues.append(f"{c['name']}: privileged: true")
        if sc.get("runAsUser", 1) == 0 or not (sc.get("runAsNonRoot") or spec.get("securityContext", {}).get("runAsNonRoot")):
            issues.append(f"{c['name']}: may run as root")
        if not c.get("resources", {}).get("limits"): issues.append(f"{c['name']}: no limits")
    print(f"{name}: " + ("; ".join(issues) if issues else "ok"))
