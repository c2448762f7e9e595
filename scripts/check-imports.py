#!/usr/bin/env python3
"""Fails when two source files of the library import each other, directly or round a circle.

    scripts/check-imports.py [SRC_DIR]        (default: crates/swisspair/src)

Every file is a module (`a/b.rs` and `a/b/mod.rs` are `crate::a::b`). A file imports another when its
code (comments, strings and `#[cfg(test)]` modules aside) names a path into it: `use crate::x::y`,
`super::z`, `crate::x::Y` written in place. A name a module re-exports (`pub use ...`) counts as an
import of the file that defines it, not of the module that passes it on. Declaring a module (`mod x;`)
is not an import. The script prints every circle (the files of each strongly connected component of
the import graph, and one path round it) and exits 1 when there is one, 0 when the graph flows one way.
"""
import os
import re
import sys

SRC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "crates", "swisspair", "src")
SRC = os.path.normpath(SRC)


def strip_comments_and_strings(text):
    """The code without comments and the contents of string and char literals."""
    out = []
    i, n = 0, len(text)
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
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            out.append('""')
            i = n if j < 0 else j + len(end)
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4]) or (c == "'" and re.match(r"'\\(x..|u\{[0-9a-fA-F]+\})'", text[i:i + 12])):
            m = re.match(r"'(\\x..|\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:])
            out.append("' '")
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def block_end(code, start):
    """The index after the brace block that starts at the first '{' from `start`."""
    i = code.find("{", start)
    if i < 0:
        return len(code)
    depth = 0
    while i < len(code):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(code)


def strip_test_modules(code):
    """The code without `#[cfg(test)] mod name { ... }` blocks."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", code)
        if not m:
            return code
        code = code[:m.start()] + code[block_end(code, m.start()):]


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e']."""
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^([^{}]*?)(::)?\{(.*)\}$", tree)
    if not m:
        return [tree]
    prefix, inner = m.group(1), m.group(3)
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    if cur:
        parts.append(cur)
    result = []
    for p in parts:
        for q in expand_use(p):
            if q == "self":
                result.append(prefix)
            else:
                result.append(prefix + "::" + q if prefix else q)
    return result


# --- modules -----------------------------------------------------------------------------------------

modules = {}  # module path (tuple) -> file
files = {}  # file -> module path
test_only = set()
for root, _, names in os.walk(SRC):
    for name in names:
        if not name.endswith(".rs"):
            continue
        path = os.path.join(root, name)
        rel = os.path.relpath(path, SRC)[:-3].split(os.sep)
        if rel == ["lib"] or rel == ["main"]:
            mod = ()
        elif rel[-1] == "mod":
            mod = tuple(rel[:-1])
        else:
            mod = tuple(rel)
        modules[mod] = path
        files[path] = mod

code_of = {}
for path, mod in files.items():
    with open(path, encoding="utf-8") as f:
        raw = strip_comments_and_strings(f.read())
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+(\w+)\s*;", raw):
        test_only.add(mod + (m.group(3),))
    code_of[path] = strip_test_modules(raw)


def is_test_only(mod):
    return any(mod[:k] in test_only for k in range(1, len(mod) + 1))


# Re-exports: module -> {name: full path it names}
reexports = {}
use_re = re.compile(r"\b(pub(\([^)]*\))?\s+)?use\s+([^;]+);")
for path, mod in files.items():
    for m in use_re.finditer(code_of[path]):
        if not m.group(1):
            continue
        for item in expand_use(m.group(3)):
            alias = None
            if "as" in item.split("::")[-1] and re.search(r"\bas\b", item):
                item, alias = re.split(r"\s*\bas\b\s*", item)[0], re.split(r"\s*\bas\b\s*", item)[-1]
            last = item.split("::")[-1]
            if last == "*":
                continue
            reexports.setdefault(mod, {})[alias or last] = item


def absolute(mod, segments):
    """The absolute segments of a path written in module `mod`."""
    if not segments:
        return None
    if segments[0] == "crate":
        return list(segments[1:])
    base = list(mod)
    while segments and segments[0] in ("super", "self"):
        if segments[0] == "super":
            if not base:
                return None
            base.pop()
        segments = segments[1:]
    if len(segments) == 0:
        return base
    # A path relative to the module (a child module, or a name it imported): only child modules count.
    if tuple(base + [segments[0]]) in modules:
        return base + list(segments)
    return None


def resolve(segments, depth=0):
    """The module file a path (absolute segments) leads into, following re-exports."""
    mod = ()
    i = 0
    while i < len(segments) and mod + (segments[i],) in modules:
        mod = mod + (segments[i],)
        i += 1
    if i < len(segments) and depth < 20:
        target = reexports.get(mod, {}).get(segments[i])
        if target:
            full = absolute(mod, target.split("::"))
            if full is not None:
                return resolve(full + list(segments[i + 1:]), depth + 1)
    return mod


edges = {}
for path, mod in files.items():
    if is_test_only(mod):
        continue
    code = code_of[path]
    targets = set()
    uses = []
    for m in use_re.finditer(code):
        uses.extend(expand_use(m.group(3)))
    # Paths written in place: from the crate, from a parent, or into a child module (`lim::pair(...)`).
    inline = re.findall(r"(?<![A-Za-z0-9_:])[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+",
                        use_re.sub("", code))
    for item in uses + inline:
        item = re.split(r"\s*\bas\b\s*", item)[0]
        segs = [s for s in item.split("::") if s and s != "*"]
        full = absolute(mod, segs)
        if full is None:
            continue
        target = resolve(full)
        if target == mod or is_test_only(target):
            continue
        # The crate root and a module's parent declare it; naming them is an import only of what
        # they define themselves, which resolve() has already followed.
        targets.add(modules[target] if target in modules else None)
    targets.discard(None)
    edges[path] = sorted(targets)

# --- cycles ------------------------------------------------------------------------------------------

index, low, on, stack, sccs, counter = {}, {}, set(), [], [], [0]
sys.setrecursionlimit(10000)


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in edges.get(v, []):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(sorted(comp))


for v in sorted(edges):
    if v not in index:
        visit(v)


def cycle_in(comp):
    """One path round the component, from its first file back to it."""
    members = set(comp)
    start = comp[0]
    prev, queue = {start: None}, [start]
    while queue:
        v = queue.pop(0)
        for w in edges.get(v, []):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w in members and w not in prev:
                prev[w] = v
                queue.append(w)
    return comp


rel = lambda p: os.path.relpath(p, SRC)
n_edges = sum(len(t) for t in edges.values())
if sccs:
    print(f"{len(sccs)} import circle(s) among the {len(edges)} library files ({n_edges} imports):")
    for comp in sccs:
        print(f"- {len(comp)} files: " + ", ".join(rel(p) for p in comp))
        print("  for example: " + " -> ".join(rel(p) for p in cycle_in(comp)))
    sys.exit(1)
print(f"no import circle: {len(edges)} library files, {n_edges} imports, all one way")
