#!/usr/bin/env python3
"""Writes N copies of a real H200 bandwidth document (16 KB), one per node, for xfer fleet at scale.

Each copy gets its own host (node-000001...), GPU UUID and bus id, and every median scaled by a
per-node factor within +-1% (the spread of healthy pinned copies between processes), so no two
documents are alike. Node 2 is planted 40% slow on pinned copies and node 3 is marked incomplete,
so the report has problems to show. Usage: generate.py TEMPLATE N DIR
"""
import json
import os
import random
import re
import sys

template_path, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(template_path) as f:
    template = f.read()
doc = json.loads(template)
host = doc["context"]["host"]
uuid = doc["context"]["device"]["uuid"]
os.makedirs(out, exist_ok=True)
median = re.compile(r'("median": )([0-9.eE+-]+)')
rng = random.Random(42)
for i in range(1, count + 1):
    factor = 1 + rng.uniform(-0.01, 0.01)
    if i == 2:
        factor = 0.6
    text = median.sub(lambda m: m.group(1) + repr(float(m.group(2)) * factor), template)
    text = text.replace('"host": "%s"' % host, '"host": "node-%06d"' % i, 1)
    text = text.replace(uuid, "GPU-%08x-0000-4000-8000-%012x" % (i, i), 1)
    if i == 3:
        text = text.replace('"schemaVersion": 1,', '"schemaVersion": 1,\n  "complete": false,', 1)
    sub = os.path.join(out, "%03d" % (i // 1000))
    os.makedirs(sub, exist_ok=True)
    with open(os.path.join(sub, "node-%06d.json" % i), "w") as f:
        f.write(text)
