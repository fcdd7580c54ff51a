import json, random, re
REPORT = "/work/eval/reg-merged.json"
ROOT = "/work/reg/skills/"
d = json.load(open(REPORT))
tri = open("/work/shared/docs/registry-triage.md").read()
app = tri[tri.index("## Appendix"):]
covered = set(re.findall(r"`([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)`", app))
known = set(l.strip() for l in open("/work/eval/known-malicious.txt") if l.strip() and not l.startswith("#"))
def key(s): return s["path"][len(ROOT):] if s["path"].startswith(ROOT) else s["path"]
skills = sorted(d["skills"], key=key)
fails = [s for s in skills if s["verdict"] == "fail" and key(s) not in covered and key(s) not in known]
warns = [s for s in skills if s["verdict"] == "warn" and key(s) not in covered]
rng = random.Random(20261201)
fs = rng.sample(fails, min(30, len(fails)))
ws = rng.sample(warns, min(30, len(warns)))
print(f"# pool: fails={len(fails)} warns={len(warns)} covered={len(covered)} known={len(known)}")
sev = {"critical":4,"high":3,"medium":2,"low":1,"info":0}
for tag, grp in (("F", fs), ("W", ws)):
    for i, s in enumerate(grp, 1):
        fl = sorted(s["findings"], key=lambda f: -sev.get(f["severity"],0))
        dims = ",".join(f"{k[:5]}:{v['level']}({v['score']})" for k,v in s["risk"].items() if v["level"] in ("medium","high","critical"))
        print(f"{tag}{i:02d}\t{s['path']}\t{s['verdict']}\t{dims}")
        for f in fl[:6]:
            print(f"   {f['rule_id']} {f['severity']}/{f.get('confidence')} {f['location']['path']}:{f['location']['start_line']} {f['message'][:110]}")
