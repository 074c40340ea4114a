"""Deoptimizations of xfer's own methods in a HotSpot log (-Xlog:deoptimization=debug), counted by
method, bytecode index and reason: a loop compiled for a branch it had never seen taken (unstable_if)
runs slow on its first real pass until compiled again (issue 39, docs/evidence.md)."""
import collections
import re
import sys

LINE = re.compile(r"(dev\.xfer\.[\w.$]+)\(.*?trap_bci=(\d+)(?: osr_bci=\d+)? (\w+)")


def main(path):
    seen = collections.Counter()
    with open(path, errors="replace") as log:
        for line in log:
            m = LINE.search(line)
            if m:
                seen[(m.group(1), m.group(2), m.group(3))] += 1
    if not seen:
        print("no deoptimization of xfer's methods")
    for (method, bci, reason), n in seen.most_common(20):
        print("%3d  %s  bci %s  %s" % (n, method, bci, reason))


if __name__ == "__main__":
    main(sys.argv[1])
