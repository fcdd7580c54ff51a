#!/usr/bin/env python3
import email, re, sys, hashlib
from email import policy

URL = re.compile(r"https?://[^\s\"'<>]+", re.I)
SUSPECT = [(re.compile(r"ignore (all )?previous instructions", re.I), "agent-injection text"),
           (re.compile(r"powershell\s+-e(nc)?\s", re.I), "encoded PowerShell"),
           (re.compile(r"password (will )?expire", re.I), "password-expiry lure")]

def defang(u):
    return u.replace("http", "hxxp").replace(".", "[.]")

msg = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=policy.default)
print("From:", msg["From"]); print("Return-Path:", msg["Return-Path"]); print("Subject:", msg["Subject"])
auth = msg.get("Authentication-Results", "")
print("SPF/DKIM/DMARC:", ", ".join(re.findall(r"(spf|dkim|dmarc)=(\w+)", auth) and [f"{a}={b}" for a, b in re.findall(r"(spf|dkim|dmarc)=(\w+)", auth)]) or "missing")
body = msg.get_body(preferencelist=("plain", "html"))
text = body.get_content() if body else ""
score = 0
for rx, label in SUSPECT:
    if rx.search(text):
        print("indicator:", label); score += 2
for u in sorted(set(URL.findall(text))):
    print("url:", defang(u)); score += 1
for part in msg.iter_attachments():
    data = part.get_payload(decode=True) or b""
    print(f"attachment: {part.get_filename()} sha256={hashlib.sha256(data).hexdigest()}")
    score += 2 if (part.get_filename() or "").lower().endswith((".html", ".htm", ".iso", ".js")) else 0
print("score:", score, "-> likely phishing" if score >= 4 else "-> review")
