"""The PyTorch side of `xfer bandwidth --copy batch-api --pieces N`: one buffer split into N
consecutive pieces, each piece copied by its own `copy_(..., non_blocking=True)` (one
cudaMemcpyAsync per piece, PyTorch's per-piece loop), pinned and pageable, h2d and d2h. Timed as
xfer's rows are: CUDA events around one sample on the copies' stream, median of ITERS samples
after one warm-up; the rate is the buffer's bytes over the median.

Usage on a GPU machine with PyTorch:
  python3 benchmarks/reference/pytorch_pieces.py [ITERS] [SIZE_MIB,...] [PIECES,...]
Prints lines: ref torch-pieces memory=pinned direction=h2d bytes=67108864 pieces=16 median_ms=... gbps=...
"""
import statistics
import sys

import torch


def pieces_of(tensor, n):
    """n consecutive views, the first len % n one element longer: every byte copied once."""
    each, longer = divmod(tensor.numel(), n)
    views, start = [], 0
    for i in range(n):
        length = each + (1 if i < longer else 0)
        views.append(tensor.narrow(0, start, length))
        start += length
    return views


def timed(fn, iters, stream):
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(iters):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record(stream)
        fn()
        stop.record(stream)
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return statistics.median(times)


def main():
    iters = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    sizes = [int(s) << 20 for s in (sys.argv[2] if len(sys.argv) > 2 else "64,1024").split(",")]
    counts = [int(p) for p in (sys.argv[3] if len(sys.argv) > 3 else "1,16,256,4096").split(",")]
    device = torch.device("cuda:0")
    stream = torch.cuda.Stream()
    print(f"ref torch-pieces version={torch.__version__} device=\"{torch.cuda.get_device_name(0)}\" iters={iters}")
    for size in sizes:
        gpu = torch.empty(size, dtype=torch.uint8, device=device)
        for memory in ("pinned", "pageable"):
            host = torch.randint(0, 256, (size,), dtype=torch.uint8)
            if memory == "pinned":
                host = host.pin_memory()
            for n in counts:
                if n > size:
                    continue
                host_pieces, gpu_pieces = pieces_of(host, n), pieces_of(gpu, n)
                with torch.cuda.stream(stream):
                    for direction in ("h2d", "d2h"):
                        if direction == "h2d":
                            fn = lambda: [g.copy_(h, non_blocking=True) for g, h in zip(gpu_pieces, host_pieces)]
                        else:
                            fn = lambda: [h.copy_(g, non_blocking=True) for g, h in zip(gpu_pieces, host_pieces)]
                        ms = timed(fn, iters, stream)
                        print(f"ref torch-pieces memory={memory} direction={direction} bytes={size} pieces={n}"
                              f" median_ms={ms:.3f} gbps={size / (ms / 1e3) / 1e9:.2f}")
                torch.cuda.synchronize()
                if not torch.equal(gpu.cpu(), host.cpu()):
                    print(f"ref torch-pieces memory={memory} bytes={size} pieces={n} WRONG")
            del host
        del gpu
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
