// overlap_ref: the experiment of NVIDIA's "How to Overlap Data Transfers in CUDA/C++" (async.cu),
// rewritten for xfer so its figures can be compared with xfer's overlap benchmark in the same run.
// Three schedules move n floats of pinned host memory up, run the kernel on them, and move them
// back:
//   sequential  H2D all, kernel all, D2H all, on the legacy default stream
//   async-v1    for each stream: {H2D chunk, kernel chunk, D2H chunk}
//   async-v2    all H2D chunks, then all kernel chunks, then all D2H chunks (stream by stream)
// See README.md beside this file for the options and the lines it prints.
//
// The kernel is xfer's own overlap_kernel, included from the source the fatbin is built from, so
// the reference and xfer run the same arithmetic.
#include "../../app/src/main/cuda/xfer_kernels.cu"
#include "ref_common.h"

#include <climits>
#include <cmath>

static const char *const USAGE =
    "usage: overlap_ref [options]\n"
    "  --n N                floats to move (default 4194304 = 4*1024*256*4, 16 MiB)\n"
    "  --streams S          streams, one chunk each (default 4)\n"
    "  --block B            threads per block (default 256)\n"
    "  --kernel-iters K     overlap_kernel passes per element (default 1 = async.cu's work)\n"
    "  --iters N            timed runs per schedule (default 20)\n"
    "  --warmup W           untimed runs per schedule first (default 3)\n"
    "  --schedules LIST     sequential,async-v1,async-v2 (default all three)\n"
    "  --device D           CUDA device index (default 0)\n";

// Above this a result is wrong, not rounded: the kernel adds 1 within an ulp or two, and a
// missed, repeated or misplaced chunk is off by about 1.
static const double MAX_ERROR_TOLERANCE = 1e-6;

namespace {

struct Setup {
    long long n;
    int streams, block, kernel_iters;
    float *host, *dev;
    std::vector<cudaStream_t> stream;
};

// Elements [begin, end) of stream s's chunk: chunks differ by at most one element when n does
// not divide by the stream count.
long long chunk_begin(const Setup &st, int s)
{
    return st.n / st.streams * s + std::min<long long>(s, st.n % st.streams);
}

void launch(const Setup &st, long long begin, long long end, cudaStream_t stream)
{
    if (end <= begin) {
        return;
    }
    // Enough blocks to give every element its own thread, as async.cu does; the kernel's
    // grid-stride loop covers the rest if that ever exceeds the grid limit.
    long long blocks = std::min<long long>((end - begin + st.block - 1) / st.block, INT_MAX);
    overlap_kernel<<<(unsigned)blocks, st.block, 0, stream>>>(st.dev, begin, end, st.kernel_iters);
    CHECK(cudaGetLastError());
}

void copy_chunk(const Setup &st, int s, cudaMemcpyKind kind)
{
    long long b = chunk_begin(st, s), e = chunk_begin(st, s + 1);
    size_t bytes = (size_t)(e - b) * sizeof(float);
    if (kind == cudaMemcpyHostToDevice) {
        CHECK(cudaMemcpyAsync(st.dev + b, st.host + b, bytes, kind, st.stream[s]));
    } else {
        CHECK(cudaMemcpyAsync(st.host + b, st.dev + b, bytes, kind, st.stream[s]));
    }
}

// Enqueues one run of a schedule; the caller brackets it with events on the legacy default
// stream, which waits for all the (blocking) streams created by cudaStreamCreate.
void enqueue(const Setup &st, const std::string &schedule)
{
    size_t bytes = (size_t)st.n * sizeof(float);
    if (schedule == "sequential") {
        CHECK(cudaMemcpy(st.dev, st.host, bytes, cudaMemcpyHostToDevice));
        launch(st, 0, st.n, 0);
        CHECK(cudaMemcpy(st.host, st.dev, bytes, cudaMemcpyDeviceToHost));
    } else if (schedule == "async-v1") {
        for (int s = 0; s < st.streams; ++s) {
            copy_chunk(st, s, cudaMemcpyHostToDevice);
            launch(st, chunk_begin(st, s), chunk_begin(st, s + 1), st.stream[s]);
            copy_chunk(st, s, cudaMemcpyDeviceToHost);
        }
    } else {  // async-v2
        for (int s = 0; s < st.streams; ++s) {
            copy_chunk(st, s, cudaMemcpyHostToDevice);
        }
        for (int s = 0; s < st.streams; ++s) {
            launch(st, chunk_begin(st, s), chunk_begin(st, s + 1), st.stream[s]);
        }
        for (int s = 0; s < st.streams; ++s) {
            copy_chunk(st, s, cudaMemcpyDeviceToHost);
        }
    }
}

// async.cu's check: every element started at 0 and must now be 1.
double max_error(const Setup &st)
{
    double e = 0;
    for (long long i = 0; i < st.n; ++i) {
        e = std::max(e, (double)std::fabs(st.host[i] - 1.0f));
    }
    return e;
}

}  // namespace

int main(int argc, char **argv)
{
    Setup st{4LL * 1024 * 256 * 4, 4, 256, 1, nullptr, nullptr, {}};
    int iters = 20, warmup = 3, device = 0;
    std::vector<std::string> all = {"sequential", "async-v1", "async-v2"};
    std::vector<std::string> schedules = all;

    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            std::fputs(USAGE, stdout);
            return 0;
        }
        if (i + 1 >= argc) {
            usage_error(USAGE, a.rfind("--", 0) == 0 ? "option %s needs a value" : "unknown argument %s", a.c_str());
        }
        const char *v = argv[++i];
        if (a == "--n") {
            st.n = parse_count(USAGE, v);
        } else if (a == "--streams") {
            st.streams = (int)std::min(parse_count(USAGE, v), 1024LL);
        } else if (a == "--block") {
            st.block = (int)std::min(parse_count(USAGE, v), 1024LL * 1024);
        } else if (a == "--kernel-iters") {
            st.kernel_iters = (int)std::min(parse_count(USAGE, v), (long long)INT_MAX);
        } else if (a == "--iters") {
            iters = (int)std::min(parse_count(USAGE, v), 1000000LL);
        } else if (a == "--warmup") {
            warmup = (int)std::min(parse_count(USAGE, v), 1000000LL);
        } else if (a == "--schedules") {
            schedules = parse_list(USAGE, v, all);
        } else if (a == "--device") {
            device = (int)std::min(parse_count(USAGE, v), 1000000LL);
        } else {
            usage_error(USAGE, "unknown option %s", a.c_str());
        }
    }
    if (st.n < 1 || st.streams < 1 || st.block < 1 || st.block > 1024 || st.kernel_iters < 1 || iters < 1) {
        usage_error(USAGE, "%s", "--n, --streams, --kernel-iters and --iters must be at least 1, --block 1 to 1024");
    }

    select_device(device);
    print_device(device);
    std::printf("ref config program=overlap_ref n=%lld bytes=%lld streams=%d block=%d kernel_iters=%d warmup=%d "
                "iterations=%d timer=cudaEvent\n",
                st.n, st.n * (long long)sizeof(float), st.streams, st.block, st.kernel_iters, warmup, iters);
    std::fflush(stdout);

    size_t bytes = (size_t)st.n * sizeof(float);
    CHECK(cudaMallocHost((void **)&st.host, bytes));  // pinned: async copies need it to overlap
    CHECK(cudaMalloc((void **)&st.dev, bytes));
    st.stream.resize(st.streams);
    for (cudaStream_t &s : st.stream) {
        CHECK(cudaStreamCreate(&s));
    }
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));

    bool within_tolerance = true;
    for (const std::string &schedule : schedules) {
        std::vector<double> ms;
        double worst = 0;
        for (int i = 0; i < warmup + iters; ++i) {
            std::memset(st.host, 0, bytes);  // as async.cu, before each run and outside the timing
            CHECK(cudaEventRecord(start, 0));
            enqueue(st, schedule);
            CHECK(cudaEventRecord(stop, 0));
            CHECK(cudaEventSynchronize(stop));
            float t = 0;
            CHECK(cudaEventElapsedTime(&t, start, stop));
            worst = std::max(worst, max_error(st));  // warm-up runs must be right too
            if (i >= warmup) {
                ms.push_back(t);
            }
        }
        Summary s = summarize(ms);
        std::printf("ref overlap schedule=%s streams=%d n=%lld median_ms=%.4f min_ms=%.4f max_ms=%.4f max_error=%e\n",
                    schedule.c_str(), st.streams, st.n, s.median, s.min, s.max, worst);
        std::fflush(stdout);
        if (!(worst <= MAX_ERROR_TOLERANCE)) {
            std::fprintf(stderr, "ref error: schedule=%s: max_error %e is above %e\n", schedule.c_str(), worst,
                         MAX_ERROR_TOLERANCE);
            within_tolerance = false;
        }
    }

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    for (cudaStream_t s : st.stream) {
        CHECK(cudaStreamDestroy(s));
    }
    CHECK(cudaFree(st.dev));
    CHECK(cudaFreeHost(st.host));
    return within_tolerance ? 0 : EXIT_CHECK_FAILED;
}
