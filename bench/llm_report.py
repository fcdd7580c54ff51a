#!/usr/bin/env python3
"""Summarises a bench/llm-local.sh run as Markdown: per skill, what the
judge added over the static result, with time and token counts.

    llm_report.py LABELS_JSON OUT_DIR "setup description"

OUT_DIR holds, per skill, <group>__<name>.static.json (audit without
--llm), <group>__<name>.llm.json (audit --llm) and <group>__<name>.time
("start end" in seconds).
"""
import json
import os
import statistics
import sys


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def skill_of(report):
    if not report or "skills" not in report or not report["skills"]:
        return None
    return report["skills"][0]


def levels(skill):
    return {d: v.get("level") for d, v in (skill.get("risk") or {}).items()}


def main():
    labels = load(sys.argv[1])["skills"]
    out = sys.argv[2]
    setup = sys.argv[3] if len(sys.argv) > 3 else ""
    names = sorted({f.split(".")[0] for f in os.listdir(out) if f.endswith(".llm.json")})
    print(f"### Local judge run: {setup}\n")
    print("| skill | label | static verdict | with judge | judge status | requests | time s | est. tokens | real prompt tokens | real/est | answer tokens | judged | added | judge risks (severity, grounded quotes) | discarded quotes |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    details = []
    ratios = []
    for n in names:
        key = n.replace("__", "/")
        lab = labels.get(key, {})
        label = ("malicious: " + ", ".join(lab.get("dimensions", []))) if lab.get("malicious") else "benign"
        st = skill_of(load(os.path.join(out, n + ".static.json")))
        ll = skill_of(load(os.path.join(out, n + ".llm.json")))
        if ll is None or "judge" not in ll:
            print(f"| {key} | {label} | {st and st.get('verdict')} | not run or no report | | | | | | | | | | | |")
            continue
        j = ll["judge"]
        t = "?"
        try:
            with open(os.path.join(out, n + ".time")) as f:
                a, b = f.read().split()
                t = f"{float(b) - float(a):.0f}"
        except (OSError, ValueError):
            pass
        usage = j.get("usage") or {}
        est = j.get("input_tokens_estimate")
        real = usage.get("prompt_tokens")
        # The server reports the prompt tokens of all requests together.
        per = real / max(1, j.get("requests") or 1) if real else None
        ratio = f"{per / est:.2f}" if per and est else "n/a"
        if per and est and (j.get("requests") or 0) == 1:
            ratios.append(per / est)
        risks = []
        for d, v in sorted((j.get("dimensions") or {}).items()):
            if v.get("risk"):
                risks.append(f"{d} {v.get('severity')} ({len(v.get('evidence') or [])})")
        disc = j.get("discarded_quotes") or []
        print(
            f"| {key} | {label} | {st.get('verdict') if st else '?'} | {ll.get('verdict')} | {j.get('status')} | {j.get('requests')} | {t} | {est} | {real} | {ratio} | {usage.get('completion_tokens')} | {len(j.get('judged_dimensions') or [])}/6 | {', '.join(j.get('added_findings') or []) or '-'} | {'; '.join(risks) or '-'} | {len(disc)} |"
        )
        d = [f"**{key}** ({label})"]
        before, after = levels(st or {}), levels(ll)
        raised = [f"{k} {before.get(k)}→{v}" for k, v in sorted(after.items()) if v != before.get(k)]
        d.append(f"- dimensions raised by the judge: {', '.join(raised) or 'none'}")
        if j.get("not_judged"):
            d.append(f"- not judged: {', '.join(j['not_judged'])}")
        for r in j.get("reasons") or []:
            d.append(f"- reason: {r}")
        for r in j.get("remarks") or []:
            d.append(f"- remark: {r}")
        for dim, v in sorted((j.get("dimensions") or {}).items()):
            if v.get("risk"):
                ev = "; ".join(f"{e['file']}:{e['line']} `{e['quote'][:90]}`" for e in v.get("evidence") or [])
                d.append(f"- judge {dim} {v.get('severity')}/5: {v.get('reason', '')[:160]} — grounded: {ev or 'none'}")
        for x in disc:
            d.append(f"- discarded ({x['dimension']}): `{x['quote'][:90]}` in {x['file']} — {x['why']}")
        for x in j.get("disagreements") or []:
            d.append(f"- disagreement {x['dimension']}: static {x['static_level']}, judge {'risk ' + str(x['judge_severity']) if x['judge_risk'] else 'no risk'} → {x['resolution']}")
        if j.get("notes"):
            d.append(f"- model notes: {j['notes'][:200]}")
        details.append("\n".join(d))
    if ratios:
        print(f"\nReal prompt tokens / estimate (single-request skills): median {statistics.median(ratios):.2f}, max {max(ratios):.2f}.")
    print("\n" + "\n\n".join(details))


if __name__ == "__main__":
    main()
