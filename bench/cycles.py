#!/usr/bin/env python3
"""File-level import cycles of the crate (issue 14).

Builds the use graph over src/: an edge from file A to file B when A names
a path into B (`use crate::x::y`, `use super::z`, or an inline
`crate::x::y::f(...)`), each path resolved to the deepest module that is a
file. Test modules (`#[cfg(test)] mod … { … }`) are left out. An edge from
a file to a parent `mod.rs` (or `lib.rs`) above it is not counted: shared
types in a parent used by its children are fine.

Prints a shortest cycle through each file of each strongly connected
component and exits 1 when there is one; `--allow FILE` lists known cycles
(one per line, as printed) that do not fail the run, and an allowed cycle
that is gone fails it too, so the list only shrinks. `tests/cycles.rs`
runs it in `cargo test`.

`--layer model` checks instead that the files under `src/model/` name no
path of the crate outside `src/model/` (the model layer depends on nothing
else in the crate). It reads the paths as written, so a re-export such as
`crate::evidence` (which is `model::evidence` under its old name) counts as
outside too; prints each offending path and exits 1 when there is one.

    bench/cycles.py [--src src] [--allow bench/cycles.allow]
    bench/cycles.py [--src src] --layer model
"""
import argparse
import os
import re
import sys
from collections import deque


def modules(src):
    """Module path (tuple) -> file, for every .rs file of the library."""
    out = {}
    for d, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            p = os.path.join(d, f)
            rel = os.path.relpath(p, src).replace(os.sep, "/")
            if rel == "main.rs" or rel.startswith("bin/"):
                continue
            parts = rel[:-3].split("/")
            if parts == ["lib"]:
                parts = []
            elif parts[-1] == "mod":
                parts = parts[:-1]
            out[tuple(parts)] = rel
    return out


def lex(text):
    """Source without comments and string or char literals (one pass, so
    a `//` inside a string is not a comment)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 40]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            out.append('""')
            i = n if end < 0 else end + 1 + len(hashes)
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            out.append('""')
            i += 1
        elif c == "'" and re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12]):
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12])
            out.append("' '")
            i += m.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


def strip(text):
    """Source without comments, string literals and test modules."""
    text = lex(text)
    m = re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", text)
    if m:
        # Drop the test module: from its opening brace to the matching one.
        depth, i = 0, m.end() - 1
        while i < len(text):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        text = text[: m.start()] + text[i + 1:]
    return text


def expand(tree):
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"]."""
    tree = re.sub(r"\s+", "", tree)
    i = tree.find("{")
    if i < 0:
        return [tree]
    prefix, body = tree[:i], tree[i + 1: tree.rfind("}")]
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    out = []
    for p in filter(None, parts):
        for e in expand(p):
            out.append(prefix + e)
    return out


def paths(text):
    """Every `crate::…`, `super::…` and `self::…` path named in the text."""
    out = []
    for m in re.finditer(r"\buse\s+([^;]+);", text):
        out.extend(expand(m.group(1)))
    body = re.sub(r"\buse\s+[^;]+;", "", text)
    out.extend(m.group(0) for m in re.finditer(r"\b(?:crate|super|self)(?:::\w+)+", body))
    return out


def resolve(path, here, mods):
    """The file a path leads into, or None (an outside crate)."""
    segs = [s for s in path.split("::") if s]
    if not segs:
        return None
    base = list(here)
    if segs[0] == "crate":
        base, segs = [], segs[1:]
    elif segs[0] in ("super", "self"):
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
    else:
        return None
    segs = [s for s in segs if s != "self"]
    best = tuple(base) if tuple(base) in mods else None
    cur = list(base)
    for s in segs:
        cur.append(s)
        if tuple(cur) in mods:
            best = tuple(cur)
        else:
            break
    return best


def graph(src):
    mods = modules(src)
    edges = {f: set() for f in mods.values()}
    for mod, f in mods.items():
        with open(os.path.join(src, f), encoding="utf-8") as fh:
            text = strip(fh.read())
        for p in paths(text):
            target = resolve(p, mod, mods)
            if target is None or target == mod:
                continue
            # A child naming its parent module (or an ancestor) is fine.
            if mod[: len(target)] == target:
                continue
            edges[f].add(mods[target])
    return edges


def sccs(edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        work = [(v, iter(sorted(edges[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    advanced = True
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [c for c in out if len(c) > 1]


def shortest_cycle(edges, comp):
    """A shortest cycle through the component's first file."""
    inside = set(comp)
    start = comp[0]
    prev = {start: None}
    q = deque([start])
    while q:
        v = q.popleft()
        for w in sorted(edges[v] & inside):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w not in prev:
                prev[w] = v
                q.append(w)
    return comp


def cycles(src):
    """A shortest cycle through each file of each cycle component."""
    edges = graph(src)
    out = set()
    for comp in sccs(edges):
        for f in comp:
            cyc = shortest_cycle(edges, [f] + [g for g in comp if g != f])
            # The same cycle from another start: rotate to its least file.
            ring = cyc[:-1]
            k = ring.index(min(ring))
            ring = ring[k:] + ring[:k]
            out.add(" -> ".join(ring + [ring[0]]))
    return sorted(out)


def absolute(path, here):
    """The crate-relative segments a `crate::`/`super::`/`self::` path
    names, as written (no re-export followed), or None for another crate."""
    segs = [x for x in path.split("::") if x]
    if not segs or segs[0] not in ("crate", "super", "self"):
        return None
    base = [] if segs[0] == "crate" else list(here)
    if segs[0] == "crate":
        segs = segs[1:]
    while segs and segs[0] in ("super", "self"):
        if segs[0] == "super":
            if not base:
                return ["<above the crate>"]
            base = base[:-1]
        segs = segs[1:]
    return base + [x for x in segs if x != "self"]


def layer_violations(src, layer):
    """`file: path` for each path a file of the layer names outside it."""
    top = tuple(layer.strip("/").split("/"))
    out = []
    for mod, f in sorted(modules(src).items(), key=lambda kv: kv[1]):
        if mod[: len(top)] != top:
            continue
        with open(os.path.join(src, f), encoding="utf-8") as fh:
            text = strip(fh.read())
        # A file `a/b.rs` is module a::b, but `super` in it is `a`; in
        # `a/mod.rs` (module a) `super` is the parent of a. Same rule.
        for p in sorted(set(paths(text))):
            segs = absolute(p, mod)
            if segs is not None and tuple(segs[: len(top)]) != top:
                out.append(f"{f}: {p}")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default=os.path.join(os.path.dirname(__file__), "..", "src"))
    ap.add_argument("--allow", default="")
    ap.add_argument("--layer", default="")
    a = ap.parse_args()
    if a.layer:
        bad = layer_violations(a.src, a.layer)
        for b in bad:
            print(f"outside the {a.layer} layer: {b}")
        if not bad:
            print(f"the {a.layer} layer names nothing outside it")
        return 1 if bad else 0
    allowed = set()
    if a.allow:
        with open(a.allow, encoding="utf-8") as f:
            allowed = {l.strip() for l in f if l.strip() and not l.startswith("#")}
    found = sorted(cycles(a.src), key=lambda c: (c.count("->"), c))
    bad = [c for c in found if c not in allowed]
    stale = sorted(allowed - set(found))
    for c in found:
        print(("allowed: " if c in allowed else "cycle: ") + c)
    for c in stale:
        print("stale (gone: remove it from the allow list): " + c)
    if not found:
        print("no file-level import cycle")
    return 1 if bad or stale else 0


if __name__ == "__main__":
    sys.exit(main())
