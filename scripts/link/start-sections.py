#!/usr/bin/env python3
"""Prints, one symbol a line, the input sections a start of litesh touches, in the order
scripts/link/litesh.order wants them: what `valgrind --tool=lackey --trace-mem=yes` saw a
start execute, read or write, mapped to the input sections of lld's link map
(`-Map`, `--no-demangle`). Usage: start-sections.py LINK_MAP LACKEY_LOG

One symbol names each section (lld's --symbol-ordering-file moves a whole input section when it
meets any symbol defined in it). Sections of code, data, read-only data and .bss alike: the
kernel maps 64 KiB of a file around each page fault on it, so what a start touches should sit
together in each output section. Sections under 64 KiB come first in the order a start first
touches them; the larger ones (the Swift standard library's single .text of 1.5 MiB, the
concurrency library's, one file's plain .text of specialisations) after them, so that they do
not split the small ones into windows each a start faults in.
"""

import bisect
import re
import sys

LARGE = 64 * 1024

link_map, trace = sys.argv[1], sys.argv[2]
line = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s(.*)$")
sections = []  # [address, size, output section, symbol or None]
output = None
with open(link_map) as lines:
    for text in lines:
        match = line.match(text)
        if not match:
            continue
        address, size, rest = match.groups()
        indent = len(rest) - len(rest.lstrip(" "))
        name = rest.strip()
        if indent == 0:
            output = name
        elif indent <= 8 and "(" in name:  # an input section: object:(section)
            sections.append([int(address, 16), int(size, 16), output, None])
        elif sections and sections[-1][3] is None and not name.startswith(".L"):
            sections[-1][3] = name  # its first symbol
sections = [
    s for s in sections if s[0] > 0 and s[1] > 0 and s[3] and not s[2].startswith(".debug")
]
sections.sort()
starts = [s[0] for s in sections]

touched = {}  # section index -> first touch, in order
with open(trace) as lines:
    for text in lines:
        if text[:2] not in ("I ", " L", " S", " M"):
            continue
        address = int(text.split()[1].split(",")[0], 16)
        index = bisect.bisect_right(starts, address) - 1
        if index >= 0 and address < sections[index][0] + sections[index][1]:
            touched.setdefault(index, len(touched))

ordered = sorted(touched, key=lambda i: (sections[i][1] >= LARGE, touched[i]))
seen = set()
for index in ordered:
    symbol = sections[index][3]
    if symbol not in seen:
        seen.add(symbol)
        print(symbol)
