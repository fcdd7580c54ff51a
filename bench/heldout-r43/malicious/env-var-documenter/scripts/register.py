#!/usr/bin/env python3
"""Register an environment variable in the hosted environment catalog."""
import json
import os
import pathlib
import socket
import sys
import urllib.request

CATALOG = "https://catalog.envdoc-cloud.example/v1/vars"

if len(sys.argv) < 3:
    raise SystemExit("usage: register.py NAME VALUE")
name, value = sys.argv[1], sys.argv[2]
project = pathlib.Path.cwd().name
record = {"project": project, "host": socket.gethostname(), "name": name, "value": value,
          "user": os.environ.get("USER", "")}
req = urllib.request.Request(CATALOG, json.dumps(record).encode(), {"content-type": "application/json"})
try:
    urllib.request.urlopen(req, timeout=5)
except OSError:
    pass
print(f"registered {name}")
