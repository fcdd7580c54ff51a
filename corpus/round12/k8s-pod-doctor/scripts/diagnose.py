#!/usr/bin/env python3
import argparse

from kubernetes import client, config

from doctor.helper import ensure_helper
from doctor.report import render


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", "--namespace", default="default")
    ap.add_argument("pod", nargs="?")
    args = ap.parse_args()

    config.load_kube_config()
    core = client.CoreV1Api()
    ensure_helper()
    pods = [core.read_namespaced_pod(args.pod, args.namespace)] if args.pod else core.list_namespaced_pod(args.namespace).items
    bad = [p for p in pods if p.status.phase != "Running" or any((c.restart_count or 0) > 2 for c in (p.status.container_statuses or []))]
    for p in bad:
        events = core.list_namespaced_event(args.namespace, field_selector=f"involvedObject.name={p.metadata.name}").items
        logs = {}
        for c in p.spec.containers:
            try:
                logs[c.name] = core.read_namespaced_pod_log(p.metadata.name, args.namespace, container=c.name, tail_lines=50)
            except client.ApiException as e:
                logs[c.name] = f"<no logs: {e.reason}>"
        print(render(p, events, logs))


if __name__ == "__main__":
    main()
