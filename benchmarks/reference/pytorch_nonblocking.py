"""The PyTorch side of `xfer batch`: the experiments of the tutorial "A guide on good usage of
non_blocking and pin_memory()" (many tensors to the GPU, blocking or not, pinned or not, and
pin_memory() then copy), timed the way xfer times them: host clock from the first call until
torch.cuda.synchronize() returns, median of ITERS runs after one warm-up.

Usage on a GPU machine with PyTorch:  python3 benchmarks/reference/pytorch_nonblocking.py [ITERS]
Prints lines: ref torch preset=large strategy=pinned-async median_ms=... (xfer's strategy names).
"""
import statistics
import sys
import time

import torch


def timed(fn, iters):
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(iters):
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times), min(times), max(times)


def main():
    iters = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    device = torch.device("cuda:0")
    print(f"ref torch version={torch.__version__} device=\"{torch.cuda.get_device_name(0)}\" iters={iters}")
    for preset, elements in (("small", 1000), ("large", 1_000_000)):
        pageable = [torch.rand(elements) for _ in range(1000)]
        pinned = [t.pin_memory() for t in pageable]
        cases = {
            "pageable-blocking": lambda: [t.to(device) for t in pageable],
            "pageable-async": lambda: [t.to(device, non_blocking=True) for t in pageable],
            "pinned-blocking": lambda: [t.to(device) for t in pinned],
            "pinned-async": lambda: [t.to(device, non_blocking=True) for t in pinned],
            "pin-then-copy-blocking": lambda: [t.pin_memory().to(device) for t in pageable],
            "pin-then-copy-async": lambda: [t.pin_memory().to(device, non_blocking=True) for t in pageable],
        }
        for name, fn in cases.items():
            median, low, high = timed(fn, iters)
            print(f"ref torch preset={preset} strategy={name} median_ms={median:.3f} min_ms={low:.3f} max_ms={high:.3f}")
        del pageable, pinned
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
