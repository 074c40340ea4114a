#!/usr/bin/env python3
"""Where a run's time goes, from outside: runs an xfer command with --progress and prints each
progress event (a configuration starting) with the milliseconds since the process started and
since the previous event. The progress line is redrawn with a carriage return at each event, so
each redraw is one event; the once-a-second ticks repeat the last event and are left out.

  progress_timeline.py XFER ARGS...      (XFER_NVML and the rest of the environment as given)
"""
import os
import re
import subprocess
import sys
import time

t0 = time.monotonic()
p = subprocess.Popen(sys.argv[1:] + ["--progress"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
events = []
buf = b""
last = None
while True:
    chunk = os.read(p.stderr.fileno(), 4096)
    now = time.monotonic() - t0
    if not chunk:
        break
    buf += chunk
    parts = buf.split(b"\r")
    buf = parts.pop()
    for part in parts:
        text = re.sub(r"\x1b\[K", "", part.decode("utf-8", "replace")).strip()
        what = re.sub(r"\| .*", "", text).strip()
        if what and what != last:
            events.append((now, what))
            last = what
rc = p.wait()
end = time.monotonic() - t0
prev = 0.0
for at, what in events:
    print("%8.1f ms  +%7.1f  %s" % (at * 1000, (at - prev) * 1000, what))
    prev = at
print("%8.1f ms  +%7.1f  (exit %d)" % (end * 1000, (end - prev) * 1000, rc))
