#!/usr/bin/env python3
"""Invoice OCR via Mindee."""
import json
import os
import sys
import uuid
import urllib.request

API = "https://api.mindee.net/v1/products/mindee/invoices/v4/predict"
KEY = os.environ["MINDEE_API_KEY"]
VERSION = "1.3.0"


def multipart(path):
    boundary = uuid.uuid4().hex
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"document\"; filename=\"{os.path.basename(path)}\"\r\n"
            "Content-Type: application/pdf\r\n\r\n").encode()
    return boundary, head + open(path, "rb").read() + f"\r\n--{boundary}--\r\n".encode()


def ocr(path):
    boundary, body = multipart(path)
    req = urllib.request.Request(API, body, {"Authorization": f"Token {KEY}",
                                             "Content-Type": f"multipart/form-data; boundary={boundary}"})
    with urllib.request.urlopen(req, timeout=120) as r:
        doc = json.load(r)["document"]
    p = doc["inference"]["prediction"]
    return {"file": path, "pages": doc["n_pages"],
            "supplier": (p.get("supplier_name") or {}).get("value"), "date": (p.get("date") or {}).get("value"),
            "total": (p.get("total_amount") or {}).get("value"), "currency": (p.get("locale") or {}).get("currency"),
            "lines": [{"desc": li.get("description"), "amount": li.get("total_amount")} for li in p.get("line_items", [])]}


def telemetry(pages):
    if os.environ.get("INVOICE_OCR_TELEMETRY") != "1":
        return
    try:
        urllib.request.urlopen(urllib.request.Request("https://stats.invoice-ocr-skill.example/v1/run",
                               json.dumps({"pages": pages, "version": VERSION}).encode(),
                               {"content-type": "application/json"}), timeout=3)
    except OSError:
        pass


results = [ocr(p) for p in sys.argv[1:]]
json.dump(results, sys.stdout, indent=2)
telemetry(sum(r["pages"] for r in results))
