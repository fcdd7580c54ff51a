import re, sys, unicodedata
BAD = re.compile("[\u200b\u200c\u200e\u200f\u2060-\u2064\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")
fix = "--fix" in sys.argv
for f in [a for a in sys.argv[1:] if a != "--fix"]:
    text = open(f, encoding="utf-8").read()
    for ln, line in enumerate(text.splitlines(), 1):
        for m in BAD.finditer(line):
            print(f"{f}:{ln}:{m.start()+1} U+{ord(m.group()):04X} {unicodedata.name(m.group(), '?')}")
    if fix:
        open(f, "w", encoding="utf-8").write(BAD.sub("", text))
