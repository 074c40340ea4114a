#!/usr/bin/env python3
"""Writes a baseline and a current side of N results each, for xfer compare at scale.

Two shapes, from the same real H200 bandwidth document (18 results, 16 KB):

- one: one document a side holding N results (the 18 configurations repeated, each copy's sizes
  shifted by its number of bytes so that every result has a name of its own): one GPU whose runs
  grew, the shape that made compare superlinear;
- nodes: N / 18 documents a side, one node each (host node-000001..., its own GPU UUID), as
  benchmarks/fleet-scale writes them: many GPUs of 18 results.

The current side's medians are the baseline's scaled by a factor within +-1% (healthy noise), and
one result in 1000 is planted 40% slow, so the report has regressions to show.
Usage: generate.py TEMPLATE one|nodes N DIR  (writes DIR/baseline and DIR/current)
"""
import copy
import json
import os
import random
import sys

template_path, shape, count, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
with open(template_path) as f:
    doc = json.load(f)
results = doc["results"]
rng = random.Random(42)


def scaled(result, factor):
    """The result with every summary of its figures scaled by factor (a rate up, its time down)."""
    r = copy.deepcopy(result)
    for field in ("gbps", "microseconds"):
        s = r[field]
        f = factor if field == "gbps" else 1 / factor
        for key in ("median", "min", "max", "mean", "stddev"):
            s[key] *= f
    return r


def side(name, slow):
    """Writes one side; slow plants the regressions (current side only)."""
    folder = os.path.join(out, name)
    os.makedirs(folder, exist_ok=True)
    if shape == "one":
        d = copy.deepcopy(doc)
        d["results"] = []
        for i in range(count):
            r = scaled(results[i % len(results)], (0.6 if i % 1000 == 999 else 1 + rng.uniform(-0.01, 0.01)) if slow else 1)
            r["bytes"] += i // len(results)
            d["results"].append(r)
        d["parameters"]["sizes"] = sorted({r["bytes"] for r in d["results"]})
        # Without indentation: 100,000 results are then about 60 MB, inside the 64 MiB a document may be.
        with open(os.path.join(folder, "run.json"), "w") as f:
            json.dump(d, f, separators=(",", ":"))
    elif shape == "nodes":
        nodes = (count + len(results) - 1) // len(results)
        for n in range(1, nodes + 1):
            d = copy.deepcopy(doc)
            d["context"]["host"] = "node-%06d" % n
            d["context"]["device"]["uuid"] = "GPU-%08x-0000-4000-8000-%012x" % (n, n)
            d["results"] = [scaled(r, (0.6 if (n * len(results) + i) % 1000 == 999 else 1 + rng.uniform(-0.01, 0.01)) if slow else 1)
                            for i, r in enumerate(results)]
            sub = os.path.join(folder, "%03d" % (n // 1000))
            os.makedirs(sub, exist_ok=True)
            with open(os.path.join(sub, "node-%06d.json" % n), "w") as f:
                json.dump(d, f, indent=2)
    else:
        sys.exit("generate.py: the shape is one or nodes, not " + shape)


side("baseline", False)
side("current", True)
