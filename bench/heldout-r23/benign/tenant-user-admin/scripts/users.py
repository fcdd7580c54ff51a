#!/usr/bin/env python3
import argparse
import json
import os
import sys
import urllib.request

API = os.environ["TENANT_API_URL"].rstrip("/")
TOKEN = os.environ["TENANT_ADMIN_TOKEN"]


def call(method, path, body=None):
    req = urllib.request.Request(f"{API}{path}", method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as r:
        return json.load(r) if r.length != 0 else {}


def confirm(email, action, given):
    print(f"About to {action} {email}.")
    if given is not None:
        ok = given == email
    else:
        ok = input("Type the email address to confirm: ").strip() == email
    if not ok:
        sys.exit("not confirmed; nothing changed")


def find(email):
    users = call("GET", f"/admin/users?email={urllib.parse.quote(email)}").get("users", [])
    if not users:
        sys.exit(f"no user {email}")
    return users[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["list", "invite", "set-role", "suspend", "delete"])
    ap.add_argument("email", nargs="?")
    ap.add_argument("--role")
    ap.add_argument("--confirm")
    a = ap.parse_args()
    if a.cmd == "list":
        for u in call("GET", "/admin/users" + (f"?role={a.role}" if a.role else "")).get("users", []):
            print(f"{u['email']:40} {u['role']:8} {u['status']}")
        return
    if a.cmd == "invite":
        confirm(a.email, f"invite as {a.role or 'member'}", a.confirm)
        call("POST", "/admin/invitations", {"email": a.email, "role": a.role or "member"})
    else:
        u = find(a.email)
        me = call("GET", "/me")
        if a.cmd == "delete":
            owners = call("GET", "/admin/users?role=owner").get("users", [])
            if u["id"] == me["id"] or (u["role"] == "owner" and len(owners) <= 1):
                sys.exit("refusing: own account or last owner")
        confirm(a.email, {"set-role": f"change role to {a.role}", "suspend": "suspend", "delete": "PERMANENTLY delete"}[a.cmd], a.confirm)
        if a.cmd == "set-role":
            call("PATCH", f"/admin/users/{u['id']}", {"role": a.role})
        elif a.cmd == "suspend":
            call("POST", f"/admin/users/{u['id']}/suspend")
        else:
            call("DELETE", f"/admin/users/{u['id']}")
    print("done")


if __name__ == "__main__":
    import urllib.parse
    main()
