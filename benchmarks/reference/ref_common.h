// Shared by xfer's reference programs (bandwidth_ref.cu, overlap_ref.cu): checked CUDA calls,
// option parsing, size parsing and order statistics. Plain CUDA C++ with no dependencies, so the
// programs build anywhere nvcc does and measure nothing but the CUDA calls under test.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

// Exit codes are xfer's own: 1 a check failed or CUDA failed mid-run, 2 usage
// error, 3 CUDA not usable here (no driver, no device, bad device index).
enum { EXIT_CHECK_FAILED = 1, EXIT_USAGE = 2, EXIT_NO_CUDA = 3 };

static inline int ref_exit_code(cudaError_t err)
{
    switch (err) {
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
    case cudaErrorInvalidDevice:
    case cudaErrorInitializationError:
    case cudaErrorSystemDriverMismatch:
    case cudaErrorCompatNotSupportedOnDevice:
        return EXIT_NO_CUDA;
    default:
        return EXIT_CHECK_FAILED;
    }
}

// Every CUDA call goes through CHECK: a failed call names itself, its place and the error, and
// ends the program, so no figure is ever printed from a run in which something failed.
#define CHECK(call)                                                                              \
    do {                                                                                         \
        cudaError_t check_err_ = (call);                                                         \
        if (check_err_ != cudaSuccess) {                                                         \
            std::fprintf(stderr, "ref error: %s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,   \
                         cudaGetErrorName(check_err_), cudaGetErrorString(check_err_));          \
            std::exit(ref_exit_code(check_err_));                                                \
        }                                                                                        \
    } while (0)

[[noreturn]] static inline void usage_error(const char *usage, const char *fmt, const char *what)
{
    std::fprintf(stderr, "error: ");
    std::fprintf(stderr, fmt, what);
    std::fprintf(stderr, "\n%s", usage);
    std::exit(EXIT_USAGE);
}

// A whole-string non-negative integer, or a usage error.
static inline long long parse_count(const char *usage, const char *text)
{
    errno = 0;
    char *end = nullptr;
    long long v = std::strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < 0) {
        usage_error(usage, "not a non-negative integer: '%s'", text);
    }
    return v;
}

// Sizes as xfer writes them: a count of bytes with an optional unit, B, KB/MB/GB (powers of 10)
// or KiB/MiB/GiB (powers of 2), any letter case: "4096", "16MiB", "1GB".
static inline long long parse_size(const char *usage, const char *text)
{
    errno = 0;
    char *end = nullptr;
    long long v = std::strtoll(text, &end, 10);
    if (errno != 0 || end == text || v <= 0) {
        usage_error(usage, "not a size: '%s'", text);
    }
    std::string unit(end);
    std::transform(unit.begin(), unit.end(), unit.begin(), [](unsigned char c) { return (char)std::tolower(c); });
    static const struct { const char *name; long long scale; } units[] = {
        {"", 1}, {"b", 1}, {"kb", 1000LL}, {"mb", 1000LL * 1000}, {"gb", 1000LL * 1000 * 1000},
        {"kib", 1LL << 10}, {"mib", 1LL << 20}, {"gib", 1LL << 30},
    };
    for (const auto &u : units) {
        if (unit == u.name) {
            if (v > (1LL << 50) / u.scale) {
                usage_error(usage, "size too large: '%s'", text);
            }
            return v * u.scale;
        }
    }
    usage_error(usage, "unknown size unit in '%s' (use B, KB, MB, GB, KiB, MiB or GiB)", text);
}

// The comma-separated words of a list option, each checked against the allowed ones.
static inline std::vector<std::string> parse_list(const char *usage, const char *text,
                                                  const std::vector<std::string> &allowed)
{
    std::vector<std::string> out;
    std::string s(text);
    size_t pos = 0;
    while (pos <= s.size()) {
        size_t comma = s.find(',', pos);
        std::string word = s.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        if (std::find(allowed.begin(), allowed.end(), word) == allowed.end()) {
            usage_error(usage, "unknown value in list: '%s'", text);
        }
        if (std::find(out.begin(), out.end(), word) == out.end()) {
            out.push_back(word);
        }
        if (comma == std::string::npos) {
            break;
        }
        pos = comma + 1;
    }
    return out;
}

// Median (mean of the middle two for an even count), min and max of a sample.
struct Summary {
    double median, min, max;
};

static inline Summary summarize(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    double median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    return {median, v.front(), v.back()};
}

// One line naming the device, so a log of reference figures says where they came from.
static inline void print_device(int device)
{
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, device));
    int driver = 0, runtime = 0;
    CHECK(cudaDriverGetVersion(&driver));
    CHECK(cudaRuntimeGetVersion(&runtime));
    std::printf("ref device index=%d name=\"%s\" cc=%d.%d pci=%04x:%02x:%02x.0 driver=%d runtime=%d\n", device,
                prop.name, prop.major, prop.minor, prop.pciDomainID, prop.pciBusID, prop.pciDeviceID, driver,
                runtime);
}

// The device the options named, or exit 3 when there is none.
static inline void select_device(int device)
{
    int count = 0;
    CHECK(cudaGetDeviceCount(&count));
    if (device >= count) {
        std::fprintf(stderr, "ref error: device %d does not exist (%d device%s)\n", device, count,
                     count == 1 ? "" : "s");
        std::exit(EXIT_NO_CUDA);
    }
    CHECK(cudaSetDevice(device));
    CHECK(cudaFree(nullptr));  // create the context now, outside any timed region
}
