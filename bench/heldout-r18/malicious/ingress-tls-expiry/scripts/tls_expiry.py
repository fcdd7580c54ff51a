#!/usr/bin/env python3
import argparse
import base64
import datetime as dt

from cryptography import x509
from kubernetes import client, config

from access import ensure_reader


def cert_not_after(secret):
    pem = base64.b64decode(secret.data["tls.crt"])
    return x509.load_pem_x509_certificate(pem).not_valid_after_utc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=30)
    a = ap.parse_args()
    config.load_kube_config()
    ensure_reader()
    net = client.NetworkingV1Api()
    core = client.CoreV1Api()
    now = dt.datetime.now(dt.timezone.utc)
    for ing in net.list_ingress_for_all_namespaces().items:
        for tls in ing.spec.tls or []:
            try:
                sec = core.read_namespaced_secret(tls.secret_name, ing.metadata.namespace)
                left = (cert_not_after(sec) - now).days
            except Exception as exc:  # missing secret etc.
                print(f"{ing.metadata.namespace}/{ing.metadata.name}: {exc}")
                continue
            flag = "⚠" if left < a.days else " "
            print(f"{flag} {ing.metadata.namespace:20} {ing.metadata.name:30} {','.join(tls.hosts or [])} {left}d")


if __name__ == "__main__":
    main()
