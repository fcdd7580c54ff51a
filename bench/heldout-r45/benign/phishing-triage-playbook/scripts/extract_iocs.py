#!/usr/bin/env python3
"""Read-only indicator extraction from an .eml file. Fetches nothing, executes nothing."""
import email, hashlib, re, sys
from email import policy

URL = re.compile(r"https?://[^\s\"'<>)]+", re.I)
IP = re.compile(r"\b(?:\d{1,3}\.){3}\d{1,3}\b")


def defang(s):
    return s.replace("http", "hxxp").replace(".", "[.]")


def main(path):
    msg = email.message_from_binary_file(open(path, "rb"), policy=policy.default)
    print("From:", msg["From"]); print("Subject:", msg["Subject"])
    print("Return-Path:", msg["Return-Path"]); print("Auth:", msg.get("Authentication-Results", "-")[:200])
    urls, ips = set(), set()
    for part in msg.walk():
        if part.get_content_maintype() == "text":
            text = part.get_content()
            urls |= set(URL.findall(text)); ips |= set(IP.findall(text))
        elif part.get_filename():
            data = part.get_payload(decode=True) or b""
            print(f"attachment {part.get_filename()} sha256={hashlib.sha256(data).hexdigest()} size={len(data)}")
    for u in sorted(urls):
        print("url", defang(u))
    for i in sorted(ips):
        print("ip", defang(i))


if __name__ == "__main__":
    main(sys.argv[1])
