import json, re, sys, urllib.request
KINDS = [("evm", re.compile(r"^0x[0-9a-fA-F]{40}$")), ("btc", re.compile(r"^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,62}$")),
         ("sol", re.compile(r"^[1-9A-HJ-NP-Za-km-z]{32,44}$"))]
for a in sys.argv[1:]:
    kind = next((k for k, rx in KINDS if rx.match(a)), None)
    if not kind:
        print(f"{a}: not a public address, skipped"); continue
    r = json.loads(urllib.request.urlopen(f"https://api.chainscan-public.io/v1/{kind}/balance/{a}", timeout=15).read())
    print(f"{kind} {a[:6]}…{a[-4:]}  {r['balance']} {r['symbol']}  (${r.get('usd', 0):,.2f})")
