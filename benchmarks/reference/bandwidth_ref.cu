// bandwidth_ref: host<->device copy bandwidth and small-copy latency measured the plainest way,
// one copy per timed iteration (cudaMemcpyAsync for pinned memory, cudaMemcpy for pageable, as bandwidthtest.cu and xfer), so xfer's figures can be compared with C in the same run.
// See README.md beside this file for the options and the lines it prints.
#include "ref_common.h"

#include <chrono>
#include <cstdint>

static const char *const USAGE =
    "usage: bandwidth_ref [options] [SIZE...]\n"
    "  SIZE                 bytes per copy, e.g. 4096, 16MiB, 1GB (default 1MiB 16MiB 64MiB 256MiB 1GiB)\n"
    "  --mode M             bandwidth, latency or all (default all)\n"
    "  --memory LIST        pinned,pageable (default both)\n"
    "  --direction LIST     h2d,d2h (default both)\n"
    "  --warmup W           untimed copies before the timed ones (default 5)\n"
    "  --iters N            timed copies per configuration (default 20)\n"
    "  --latency-bytes B    latency copy size (default 4096)\n"
    "  --latency-iters N    timed latency copies (default 1000)\n"
    "  --device D           CUDA device index (default 0)\n";

namespace {

struct HostBuffer {
    bool pinned;
    unsigned char *p = nullptr;

    HostBuffer(bool pinned_, size_t bytes) : pinned(pinned_)
    {
        if (pinned) {
            CHECK(cudaMallocHost((void **)&p, bytes));
        } else {
            p = (unsigned char *)std::malloc(bytes);
            if (p == nullptr) {
                std::fprintf(stderr, "ref error: malloc(%zu) failed\n", bytes);
                std::exit(EXIT_CHECK_FAILED);
            }
        }
    }
    ~HostBuffer()
    {
        if (pinned) {
            CHECK(cudaFreeHost(p));
        } else {
            std::free(p);
        }
    }
    HostBuffer(const HostBuffer &) = delete;
    HostBuffer &operator=(const HostBuffer &) = delete;
};

// Host data that depends on the byte's position and the copy size, so that a copy that lands
// shifted, short, or left over from the previous size does not verify.
uint32_t pattern_word(size_t i, size_t bytes)
{
    uint32_t x = (uint32_t)i * 2654435761u ^ (uint32_t)bytes;
    return x ^ (x >> 15);
}

void fill_pattern(unsigned char *p, size_t bytes)
{
    for (size_t w = 0; w < bytes / 4; ++w) {
        uint32_t v = pattern_word(w, bytes);
        std::memcpy(p + 4 * w, &v, 4);
    }
    std::memset(p + bytes / 4 * 4, 0xA5, bytes % 4);
}

bool pattern_holds(const unsigned char *p, size_t bytes)
{
    for (size_t w = 0; w < bytes / 4; ++w) {
        uint32_t v = pattern_word(w, bytes);
        if (std::memcmp(p + 4 * w, &v, 4) != 0) {
            return false;
        }
    }
    for (size_t b = bytes / 4 * 4; b < bytes; ++b) {
        if (p[b] != 0xA5) {
            return false;
        }
    }
    return true;
}

struct Timing {
    std::vector<double> event_us;  // start and stop events on the legacy default stream
    std::vector<double> host_us;   // wall time of the copy call alone
};

// W untimed then N timed copies of `bytes` in one direction, each bracketed by events. Issued as
// bandwidthtest.cu and xfer issue them: cudaMemcpyAsync on the legacy stream for page-locked
// memory, cudaMemcpy for pageable, so the event times compare call for call with xfer's.
Timing time_copies(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind, bool async, int warmup, int iters,
                   cudaEvent_t start, cudaEvent_t stop)
{
    Timing t;
    for (int i = 0; i < warmup + iters; ++i) {
        CHECK(cudaEventRecord(start, 0));
        auto h0 = std::chrono::steady_clock::now();
        if (async) {
            CHECK(cudaMemcpyAsync(dst, src, bytes, kind, 0));
        } else {
            CHECK(cudaMemcpy(dst, src, bytes, kind));
        }
        auto h1 = std::chrono::steady_clock::now();
        CHECK(cudaEventRecord(stop, 0));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        if (i >= warmup) {
            t.event_us.push_back(ms * 1e3);
            t.host_us.push_back(std::chrono::duration<double, std::micro>(h1 - h0).count());
        }
    }
    return t;
}

const char *direction_name(cudaMemcpyKind kind)
{
    return kind == cudaMemcpyHostToDevice ? "h2d" : "d2h";
}

}  // namespace

int main(int argc, char **argv)
{
    std::vector<long long> sizes;
    std::vector<std::string> modes = {"bandwidth", "latency"};
    std::vector<std::string> memories = {"pinned", "pageable"};
    std::vector<std::string> directions = {"h2d", "d2h"};
    int warmup = 5, iters = 20, latency_iters = 1000, device = 0;
    long long latency_bytes = 4096;

    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            std::fputs(USAGE, stdout);
            return 0;
        }
        if (a.rfind("--", 0) == 0) {
            if (i + 1 >= argc) {
                usage_error(USAGE, "option %s needs a value", a.c_str());
            }
            const char *v = argv[++i];
            if (a == "--mode") {
                modes = std::string(v) == "all" ? std::vector<std::string>{"bandwidth", "latency"}
                                                : parse_list(USAGE, v, {"bandwidth", "latency"});
            } else if (a == "--memory") {
                memories = parse_list(USAGE, v, {"pinned", "pageable"});
            } else if (a == "--direction") {
                directions = parse_list(USAGE, v, {"h2d", "d2h"});
            } else if (a == "--warmup") {
                warmup = (int)std::min(parse_count(USAGE, v), 1000000LL);
            } else if (a == "--iters") {
                iters = (int)std::min(parse_count(USAGE, v), 1000000LL);
            } else if (a == "--latency-bytes") {
                latency_bytes = parse_size(USAGE, v);
            } else if (a == "--latency-iters") {
                latency_iters = (int)std::min(parse_count(USAGE, v), 10000000LL);
            } else if (a == "--device") {
                device = (int)std::min(parse_count(USAGE, v), 1000000LL);
            } else {
                usage_error(USAGE, "unknown option %s", a.c_str());
            }
        } else {
            sizes.push_back(parse_size(USAGE, argv[i]));
        }
    }
    if (iters < 1 || latency_iters < 1) {
        usage_error(USAGE, "%s", "--iters and --latency-iters must be at least 1");
    }
    if (sizes.empty()) {
        sizes = {1LL << 20, 16LL << 20, 64LL << 20, 256LL << 20, 1LL << 30};
    }
    const bool bandwidth = std::find(modes.begin(), modes.end(), "bandwidth") != modes.end();
    const bool latency = std::find(modes.begin(), modes.end(), "latency") != modes.end();

    select_device(device);
    print_device(device);
    std::printf("ref config program=bandwidth_ref warmup=%d iterations=%d latency_iterations=%d timer=cudaEvent\n",
                warmup, iters, latency_iters);
    std::fflush(stdout);

    long long largest = latency ? latency_bytes : 0;
    if (bandwidth) {
        largest = std::max(largest, *std::max_element(sizes.begin(), sizes.end()));
    }
    void *dev = nullptr;
    CHECK(cudaMalloc(&dev, (size_t)largest));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));

    bool all_verified = true;
    for (const std::string &memory : memories) {
        // One host buffer per kind, as large as the largest copy: allocation stays out of the
        // loop, and filling it first faults every pageable page in before any timing.
        HostBuffer host(memory == "pinned", (size_t)largest);

        // Copy `bytes` each requested way and verify the round trip: the host buffer is filled,
        // copied up (timed or not), cleared, copied back (timed or not) and must hold the pattern
        // again, which shows both directions moved every byte.
        auto run = [&](size_t bytes, int w, int n, auto &&report) {
            fill_pattern(host.p, bytes);
            bool h2d = std::find(directions.begin(), directions.end(), "h2d") != directions.end();
            bool d2h = std::find(directions.begin(), directions.end(), "d2h") != directions.end();
            Timing up = time_copies(dev, host.p, bytes, cudaMemcpyHostToDevice, memory == "pinned", h2d ? w : 0, h2d ? n : 1, start, stop);
            if (h2d) {
                report(cudaMemcpyHostToDevice, up);
            }
            std::memset(host.p, 0, bytes);
            Timing down = time_copies(host.p, dev, bytes, cudaMemcpyDeviceToHost, memory == "pinned", d2h ? w : 0, d2h ? n : 1, start, stop);
            if (d2h) {
                report(cudaMemcpyDeviceToHost, down);
            }
            if (!pattern_holds(host.p, bytes)) {
                std::fprintf(stderr, "ref error: memory=%s bytes=%zu: data copied up and back differs\n",
                             memory.c_str(), bytes);
                all_verified = false;
            }
        };

        if (bandwidth) {
            for (long long bytes : sizes) {
                run((size_t)bytes, warmup, iters, [&](cudaMemcpyKind kind, const Timing &t) {
                    // GB/s from times: min_gbps comes from the slowest copy, max_gbps from the fastest.
                    Summary us = summarize(t.event_us);
                    std::printf("ref bandwidth memory=%s direction=%s bytes=%lld median_gbps=%.3f min_gbps=%.3f "
                                "max_gbps=%.3f median_us=%.3f\n",
                                memory.c_str(), direction_name(kind), bytes, bytes / us.median / 1e3,
                                bytes / us.max / 1e3, bytes / us.min / 1e3, us.median);
                    std::fflush(stdout);
                });
            }
        }
        if (latency) {
            run((size_t)latency_bytes, warmup, latency_iters, [&](cudaMemcpyKind kind, const Timing &t) {
                Summary us = summarize(t.event_us);
                Summary host_us = summarize(t.host_us);
                std::printf("ref latency memory=%s direction=%s bytes=%lld iterations=%d median_us=%.3f min_us=%.3f "
                            "max_us=%.3f host_median_us=%.3f\n",
                            memory.c_str(), direction_name(kind), latency_bytes, latency_iters, us.median, us.min,
                            us.max, host_us.median);
                std::fflush(stdout);
            });
        }
    }

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(dev));
    return all_verified ? 0 : EXIT_CHECK_FAILED;
}
