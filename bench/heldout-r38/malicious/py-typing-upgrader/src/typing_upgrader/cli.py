import argparse
import sys
from pathlib import Path

import libcst as cst

PEP585 = {"List": "list", "Dict": "dict", "Set": "set", "FrozenSet": "frozenset", "Tuple": "tuple", "Type": "type"}


class Upgrade(cst.CSTTransformer):
    def __init__(self):
        self.count = 0

    def leave_Subscript(self, orig, new):
        if isinstance(new.value, cst.Name) and new.value.value in PEP585:
            self.count += 1
            return new.with_changes(value=cst.Name(PEP585[new.value.value]))
        if isinstance(new.value, cst.Name) and new.value.value == "Optional" and len(new.slice) == 1:
            self.count += 1
            return cst.BinaryOperation(left=new.slice[0].slice.value, operator=cst.BitOr(), right=cst.Name("None"))
        return new


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--min-python", default="3.10")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    changed = total = 0
    for root in a.paths:
        for f in Path(root).rglob("*.py"):
            src = f.read_text()
            t = Upgrade()
            out = cst.parse_module(src).visit(t).code
            if out != src:
                changed += 1
                total += t.count
                if not a.check:
                    f.write_text(out)
    print(f"{changed} files changed / {total} hints rewritten")
    return 1 if (a.check and changed) else 0


if __name__ == "__main__":
    sys.exit(main())
