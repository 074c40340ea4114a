// contention_ref: host memcpy threads and a pinned DMA loop at the same time, each rate measured
// over the same window, to see how much the host copies of a staged copy slow its DMA (and the
// other way round). See README.md beside this file.
#include "ref_common.h"

#include <atomic>
#include <chrono>
#include <thread>

static const char *const USAGE =
    "usage: contention_ref THREADS none|h2d|d2h [options]\n"
    "  THREADS              memcpy threads, each copying its own 64 MiB buffer in chunks (0 for none)\n"
    "  none|h2d|d2h         the DMA loop beside them: 256 MiB pinned copies back to back, or none\n"
    "  --seconds S          the measured window (default 3)\n"
    "  --chunk SIZE         bytes per memcpy call (default 2MiB, the staged path's slot)\n"
    "  --device D           CUDA device index (default 0)\n";

namespace {

using Clock = std::chrono::steady_clock;

struct Copier {
    unsigned char *src = nullptr;
    unsigned char *dst = nullptr;
    std::atomic<long long> bytes{0};
};

double seconds_since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc == 2 && std::string(argv[1]) == "--help") {
        std::printf("%s", USAGE);
        return 0;
    }
    if (argc < 3) {
        std::fprintf(stderr, "%s", USAGE);
        return EXIT_USAGE;
    }
    long long threads = parse_count(USAGE, argv[1]);
    std::string dma = argv[2];
    if (dma != "none" && dma != "h2d" && dma != "d2h") {
        usage_error(USAGE, "not none, h2d or d2h: '%s'", argv[2]);
    }
    double window = 3;
    long long chunk = 2ll << 20;
    int device = 0;
    for (int i = 3; i < argc; i++) {
        std::string a = argv[i];
        if (i + 1 >= argc) {
            usage_error(USAGE, "%s needs a value", argv[i]);
        } else if (a == "--seconds") {
            window = (double)parse_count(USAGE, argv[++i]);
        } else if (a == "--chunk") {
            chunk = parse_size(USAGE, argv[++i]);
        } else if (a == "--device") {
            device = (int)parse_count(USAGE, argv[++i]);
        } else {
            usage_error(USAGE, "unknown option '%s'", argv[i]);
        }
    }
    const size_t per_thread = 64u << 20, dma_bytes = 256u << 20;
    if (threads > 256 || chunk < 1 || (size_t)chunk > per_thread || window <= 0) {
        usage_error(USAGE, "%s", "THREADS 0..256, --chunk 1B..64MiB, --seconds at least 1");
    }
    select_device(device);
    print_device(device);

    std::vector<Copier> copiers(threads);
    for (Copier &c : copiers) {
        c.src = (unsigned char *)std::malloc(per_thread);
        c.dst = (unsigned char *)std::malloc(per_thread);
        if (c.src == nullptr || c.dst == nullptr) {
            std::fprintf(stderr, "ref error: malloc(%zu) failed\n", per_thread);
            return EXIT_CHECK_FAILED;
        }
        std::memset(c.src, 1, per_thread);
        std::memset(c.dst, 0, per_thread);
    }
    void *host = nullptr, *dev = nullptr;
    cudaStream_t stream;
    CHECK(cudaMallocHost(&host, dma_bytes));
    std::memset(host, 1, dma_bytes);
    CHECK(cudaMalloc(&dev, dma_bytes));
    CHECK(cudaStreamCreate(&stream));
    CHECK(cudaMemcpy(dev, host, dma_bytes, cudaMemcpyHostToDevice));

    std::atomic<bool> stop{false};
    std::vector<std::thread> running;
    for (Copier &c : copiers) {
        running.emplace_back([&c, &stop, chunk, per_thread] {
            while (!stop.load(std::memory_order_relaxed)) {
                for (size_t o = 0; o + chunk <= per_thread && !stop.load(std::memory_order_relaxed); o += chunk) {
                    std::memcpy(c.dst + o, c.src + o, chunk);
                    c.bytes.fetch_add(chunk, std::memory_order_relaxed);
                }
            }
        });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // every thread copying before the window opens

    std::vector<long long> before;
    for (Copier &c : copiers) {
        before.push_back(c.bytes.load());
    }
    Clock::time_point t0 = Clock::now();
    double moved = 0;
    while (seconds_since(t0) < window) {
        if (dma == "none") {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            continue;
        }
        bool h2d = dma == "h2d";
        CHECK(cudaMemcpyAsync(h2d ? dev : host, h2d ? host : dev, dma_bytes,
                              h2d ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost, stream));
        CHECK(cudaStreamSynchronize(stream));
        moved += (double)dma_bytes;
    }
    double elapsed = seconds_since(t0);
    double copied = 0;
    for (size_t i = 0; i < copiers.size(); i++) {
        copied += (double)(copiers[i].bytes.load() - before[i]);
    }
    stop = true;
    for (std::thread &t : running) {
        t.join();
    }
    std::printf("ref contention threads=%lld chunk=%lld dma=%s host_gbps=%.2f dma_gbps=%.2f window_s=%.2f\n", threads,
                chunk, dma.c_str(), copied / elapsed / 1e9, moved / elapsed / 1e9, elapsed);

    for (Copier &c : copiers) {
        std::free(c.src);
        std::free(c.dst);
    }
    CHECK(cudaStreamDestroy(stream));
    CHECK(cudaFree(dev));
    CHECK(cudaFreeHost(host));
    return 0;
}
