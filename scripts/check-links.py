#!/usr/bin/env python3
"""Checks the links of the README and of docs/: every relative link names a file or folder that exists,
and every `#anchor` a heading of the page it points to (GitHub's heading anchors). Links to other sites
are not followed (CI has no network beyond the package registries).

    scripts/check-links.py [FILE.md ...]      (default: README.md, docs/*.md, tests/data/README.md)

Exits 1 and lists the broken links when there is one.
"""
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
files = sys.argv[1:] or (
    [os.path.join(ROOT, "README.md")]
    + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    + [os.path.join(ROOT, "tests", "data", "README.md")]
)


def without_code(text):
    """The text without fenced code blocks and inline code, where brackets are not links."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def anchors(path):
    """GitHub's anchors of the headings of a Markdown file."""
    seen = {}
    result = set()
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"^```.*?^```", "", f.read(), flags=re.M | re.S)
    for m in re.finditer(r"^#{1,6}\s+(.*?)\s*#*\s*$", text, flags=re.M):
        title = re.sub(r"`|\*|_(?=\w)|(?<=\w)_", "", m.group(1))
        slug = re.sub(r"[^\w\- ]", "", title.lower(), flags=re.U).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        result.add(slug if n == 0 else f"{slug}-{n}")
    return result


broken = []
checked = 0
for md in files:
    with open(md, encoding="utf-8") as f:
        text = without_code(f.read())
    for m in re.finditer(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text):
        target = m.group(1)
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue  # another site, or mailto:
        checked += 1
        path, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(md), path)) if path else md
        where = f"{os.path.relpath(md, ROOT)}: ({target})"
        if not os.path.exists(dest):
            broken.append(f"{where}: no such file {os.path.relpath(dest, ROOT)}")
        elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
            broken.append(f"{where}: no heading #{anchor} in {os.path.relpath(dest, ROOT)}")

if broken:
    print(f"{len(broken)} broken link(s) of {checked}:")
    for b in broken:
        print("- " + b)
    sys.exit(1)
print(f"{checked} links checked in {len(files)} files, none broken")
