#!/usr/bin/env python3
"""Score a skillscan JSON report against a labels.json.
usage: score.py report.json labels.json root_prefix"""
import json, sys, os
rep = json.load(open(sys.argv[1])); lab = json.load(open(sys.argv[2]))["skills"]; root = os.path.abspath(sys.argv[3])
DIMS = ["data_exfiltration","destructive","privilege_escalation","covert_execution","resource_abuse","credential_access"]
FLAG = {"medium","high","critical"}
by = {}
for s in rep["skills"]:
    p = os.path.relpath(os.path.abspath(s["path"]), root)
    by[p] = s
stats = {d:[0,0,0] for d in DIMS}
mal_fail=mal_n=ben_fail=ben_warn=ben_n=0; miss=[]; fps=[]
for k,l in sorted(lab.items()):
    s = by.get(k)
    if s is None:
        # skill may be under a different manifest path; find prefix
        cands=[v for p,v in by.items() if p==k or p.startswith(k+"/")]
        s = cands[0] if cands else None
    v = s["verdict"] if s else "missing"
    if s and not s.get("complete",True): v = v+"(incomplete)"
    flagged = {d for d in DIMS if s and s["risk"][d]["level"] in FLAG}
    for d in DIMS:
        t = d in l["dimensions"]; f = d in flagged
        if t and f: stats[d][0]+=1
        elif f and not t: stats[d][1]+=1
        elif t and not f: stats[d][2]+=1
    if l["malicious"]:
        mal_n+=1
        if v.startswith("fail"): mal_fail+=1
        else: miss.append((k,v,l.get("class","")))
    else:
        ben_n+=1
        if v.startswith("fail"): ben_fail+=1; fps.append((k,v))
        elif v.startswith("warn"): ben_warn+=1
f1s=[]
for d in DIMS:
    tp,fp,fn = stats[d]
    p = tp/(tp+fp) if tp+fp else 1.0; r = tp/(tp+fn) if tp+fn else 1.0
    f1 = 2*p*r/(p+r) if p+r else 0.0; f1s.append(f1)
    print(f"{d:22s} P={p:.2f} R={r:.2f} F1={f1:.2f} tp={tp} fp={fp} fn={fn}")
print(f"macro-F1 {sum(f1s)/len(f1s):.2f}")
print(f"malicious fail {mal_fail}/{mal_n}; benign fail {ben_fail}/{ben_n} warn {ben_warn}")
for m in miss: print("  MISS", *m)
for m in fps: print("  FP  ", *m)
