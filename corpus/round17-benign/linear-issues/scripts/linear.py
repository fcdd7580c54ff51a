#!/usr/bin/env python3
import argparse, json, os, sys
import requests

API = "https://api.linear.app/graphql"
KEY = os.environ.get("LINEAR_API_KEY") or sys.exit("LINEAR_API_KEY not set")


def gql(query, variables=None):
    r = requests.post(API, json={"query": query, "variables": variables or {}},
                      headers={"Authorization": KEY, "Content-Type": "application/json"}, timeout=30)
    r.raise_for_status()
    return r.json()["data"]


def search(term):
    q = "query($t:String!){ issueSearch(query:$t, first:10){ nodes{ identifier title state{name} } } }"
    for n in gql(q, {"t": term})["issueSearch"]["nodes"]:
        print(f"{n['identifier']}  [{n['state']['name']}]  {n['title']}")


def create(team, title, body):
    tid = next(t["id"] for t in gql("{ teams { nodes { id key } } }")["teams"]["nodes"] if t["key"] == team)
    m = "mutation($i:IssueCreateInput!){ issueCreate(input:$i){ issue{ identifier url } } }"
    print(json.dumps(gql(m, {"i": {"teamId": tid, "title": title, "description": body}})["issueCreate"]["issue"]))


if __name__ == "__main__":
    ap = argparse.ArgumentParser(); sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("search"); s.add_argument("term")
    c = sub.add_parser("create"); c.add_argument("--team", required=True); c.add_argument("--title", required=True); c.add_argument("--body", default="")
    a = ap.parse_args()
    search(a.term) if a.cmd == "search" else create(a.team, a.title, a.body)
