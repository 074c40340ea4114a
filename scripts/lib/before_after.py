"""The before-after step's table (scripts/gpu-check.sh before-after): each result's median over the
rounds from both builds and their ratio, per command; doctor's findings side by side."""
import glob
import json
import os
import statistics
import sys

FIELDS = ("memory", "copy", "pieces", "direction", "initiation", "schedule", "strategy", "scenario", "bytes",
          "pattern", "src", "dst")


def medians(path):
    out = {}

    def walk(doc, where):
        for r in doc.get("results", []) + doc.get("p2p", []) + doc.get("patterns", []) + doc.get("concurrent", []):
            key = where + "/" + ".".join(str(r.get(f)) for f in FIELDS if f in r)
            for field, v in r.items():
                if isinstance(v, dict) and isinstance(v.get("median"), (int, float)):
                    out[key + ":" + field] = v["median"]
                # check's scenarios carry no summaries: their time, and their verdict (below)
                if field == "seconds" and isinstance(v, dict) and isinstance(v.get("total"), (int, float)):
                    out[key + ":seconds.total"] = v["total"]
        for i, dev in enumerate(doc.get("devices", [])):
            if isinstance(dev, dict):
                walk(dev, where + "/dev" + str(i))

    walk(json.load(open(path)), "")
    return out


def over_rounds(folder, name, which):
    per = {}
    for f in sorted(glob.glob("%s/%s-%s-*.json" % (folder, name, which))):
        try:
            for k, v in medians(f).items():
                per.setdefault(k, []).append(v)
        except Exception as e:  # a document that did not come is said, not fatal
            print(name, which, os.path.basename(f), "unreadable:", e)
    return {k: statistics.median(v) for k, v in per.items()}


def verdicts(folder, name, which):
    """Each result's verdict (check's scenarios) in each round: a verdict that differs between the
    builds is a change in what the command concludes, which no ratio shows."""
    out = {}
    for f in sorted(glob.glob("%s/%s-%s-*.json" % (folder, name, which))):
        try:
            for r in json.load(open(f)).get("results", []):
                if "verdict" in r:
                    out.setdefault(str(r.get("scenario")), set()).add(str(r["verdict"]))
        except Exception:  # said by over_rounds already
            pass
    return out


def doctor(folder):
    for which in ("before", "after"):
        for f in sorted(glob.glob("%s/doctor-%s-*.json" % (folder, which))):
            try:
                d = json.load(open(f))
                print("doctor %-6s %s: findings %s; clear %d; unknown %d; probe s %s" % (
                    which, os.path.basename(f), [x["cause"] for x in d.get("findings", [])], len(d.get("clear", [])),
                    len(d.get("unknown", [])), [g.get("probeSeconds") for g in d.get("gpus", [])]))
            except Exception as e:
                print("doctor", which, os.path.basename(f), "unreadable:", e)


def main(folder):
    names = sorted({os.path.basename(f).rsplit("-", 2)[0] for f in glob.glob(folder + "/*-after-*.json")})
    for name in names:
        if name == "doctor":
            doctor(folder)
            continue
        va, vb = verdicts(folder, name, "after"), verdicts(folder, name, "before")
        for k in sorted(set(va) | set(vb)):
            print("%-12s verdict %-24s before %s, after %s%s" % (name, k, sorted(vb.get(k, [])), sorted(va.get(k, [])),
                                                                  "" if va.get(k) == vb.get(k) else "  DIFFERS"))
        a, b = over_rounds(folder, name, "after"), over_rounds(folder, name, "before")
        common = sorted(set(a) & set(b))
        ratios = sorted(a[k] / b[k] for k in common if b[k])
        if not ratios:
            print(name + ": no common results")
            continue
        print("%-12s %3d results in both; after/before median ratio: min %.3f, median %.3f, max %.3f" % (
            name, len(common), ratios[0], ratios[len(ratios) // 2], ratios[-1]))
        for k in common[:6]:
            print("   %-70s before %12.4f  after %12.4f" % (k[:70], b[k], a[k]))


if __name__ == "__main__":
    main(sys.argv[1])
