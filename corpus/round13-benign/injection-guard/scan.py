import re, sys, yaml
from pathlib import Path
rules = yaml.safe_load((Path(__file__).parent / "rules/injection.yaml").read_text())
text = sys.stdin.read()
hits = [(r["id"], r["severity"], r["desc"]) for r in rules if re.search(r["regex"], text)]
for h in hits:
    print(*h, sep="\t")
sys.exit(1 if any(s == "high" for _, s, _ in hits) else 0)
