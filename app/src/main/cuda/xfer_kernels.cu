// xfer's own device code. scripts/build-kernels.sh compiles this file into one fatbin that the Java
// side loads with cudaLibraryLoadData and looks up with cudaLibraryGetKernel; the reference
// programs in benchmarks/reference/ #include it, so both run exactly the same instructions.
//
// Every kernel is extern "C" so that its symbol is its plain name: cudaLibraryGetKernel takes the
// symbol, and a C++-mangled name would tie the Java side to one compiler's mangling.
//
// Every kernel walks its range with a grid-stride loop and a 64-bit index: the host may pick any
// grid (one that covers the range, or a small fixed one), and ranges past 2^31 elements (8 GiB of
// floats) stay correct. Arguments are passed in the order the cudaLaunchKernel argument array
// must hold them; the C types map to Java as: pointer -> ADDRESS, long long -> JAVA_LONG,
// int -> JAVA_INT, unsigned int -> JAVA_INT (same 32 bits).
//
// Build with the default floating-point settings (no --use_fast_math): overlap_kernel's K=1 result
// must match async.cu's arithmetic bit for bit, and fast math would swap sinf/cosf for the
// approximate hardware instructions.

// ---- kernel copy: xfer bandwidth --copy kernel (owner: the kernel-copy path) ----------------------
//
// copy_bytes copies `bytes` bytes from src to dst with loads and stores issued by the SMs: src or
// dst may be page-locked host memory (read or written across PCIe through the GPU's own load/store
// path), a peer GPU's memory, or this GPU's memory. Any byte count and any addresses:
//
//   head    = min(bytes, (16 - dst % 16) % 16)          bytes copied one by one, up to dst's 16-B boundary
//   vectors = (bytes - head) / 16                       16-byte uint4 loads and stores (ld/st.v4.u32)
//   tail    = bytes - head - 16 * vectors  (< 16)       bytes copied one by one after the last vector
//
// When src and dst are not aligned alike ((src + head) % 16 != 0) no 16-byte access can be aligned
// on both sides, so every byte is copied one by one instead (correct, slow; xfer's own buffers are
// all 16-byte aligned, so its measurements never take that path).
//
// Thread t of T = gridDim.x * blockDim.x takes head bytes t, t+T, ...; vectors t, t+T, t+2T, ...,
// in rounds of COPY_UNROLL: a round loads COPY_UNROLL vectors (t + k*T for k = 0..COPY_UNROLL-1)
// before it stores any, so each thread keeps COPY_UNROLL * 16 bytes in flight; a round runs only
// while its last vector exists, and the vectors left after the last round go one per step; then
// tail bytes t, t+T, .... Every index is 64-bit, so copies past 4 GiB are whole.
//
// dev.xfer.app.bandwidth.CopyLayout mirrors this arithmetic line for line in Java (its jqwik
// property checks that every byte is copied exactly once); change both together.
//
// Launch shape (dev.xfer.app.bandwidth.LaunchShape): 512 threads per block, one block per SM by
// default, like nvbandwidth's SM copies. __launch_bounds__(512, 1): one such block per SM is what
// the default grid needs (bidir is one launch of copy_bidir, below, not two kernels side by side),
// and it leaves ptxas room for COPY_UNROLL = 12 vectors in flight per thread, nvbandwidth's figure,
// without spills (docs/kernel-copies.md gives ptxas's counts).
#define COPY_UNROLL 12
#define COPY_THREADS_PER_BLOCK 512

// The whole copy as thread t of `threads` does its share: copy_bytes with t and threads of the grid,
// copy_bidir with a thread's place among the threads of its direction.
static __device__ __forceinline__ void copy_range(unsigned char *dst, const unsigned char *src, long long bytes,
                                                  long long t, long long threads)
{
    long long head = (long long)((16ull - ((unsigned long long)dst & 15ull)) & 15ull);
    if (head > bytes) {
        head = bytes;
    }
    if ((((unsigned long long)src + (unsigned long long)head) & 15ull) != 0ull) {
        for (long long i = t; i < bytes; i += threads) {
            dst[i] = src[i];
        }
        return;
    }
    for (long long i = t; i < head; i += threads) {
        dst[i] = src[i];
    }
    const long long vectors = (bytes - head) >> 4;
    uint4 *vdst = reinterpret_cast<uint4 *>(dst + head);
    const uint4 *vsrc = reinterpret_cast<const uint4 *>(src + head);
    long long v = t;
    for (; v + (COPY_UNROLL - 1) * threads < vectors; v += COPY_UNROLL * threads) {
        uint4 held[COPY_UNROLL];
#pragma unroll
        for (int k = 0; k < COPY_UNROLL; ++k) {
            held[k] = vsrc[v + k * threads];
        }
#pragma unroll
        for (int k = 0; k < COPY_UNROLL; ++k) {
            vdst[v + k * threads] = held[k];
        }
    }
    for (; v < vectors; v += threads) {
        vdst[v] = vsrc[v];
    }
    const long long tail_start = head + (vectors << 4);
    for (long long i = tail_start + t; i < bytes; i += threads) {
        dst[i] = src[i];
    }
}

extern "C" __global__ void __launch_bounds__(COPY_THREADS_PER_BLOCK, 1)
copy_bytes(unsigned char *dst, const unsigned char *src, long long bytes)
{
    copy_range(dst, src, bytes, (long long)blockIdx.x * blockDim.x + threadIdx.x, (long long)gridDim.x * blockDim.x);
}

// Where grid thread g stands in a launch split between two directions (copy_bidir's split, used by
// every bidir kernel; dev.xfer.app.bandwidth.BidirSplit mirrors it): its warp's direction (even
// warps up) and its place t' among the T' threads of that direction.
struct BidirPlace {
    long long t;
    long long threads;
    bool up;
};

static __device__ __forceinline__ BidirPlace bidir_place()
{
    const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long w = g >> 5;
    BidirPlace p;
    p.t = ((w >> 1) << 5) | (g & 31);
    p.threads = ((long long)gridDim.x * blockDim.x) >> 1;
    p.up = (w & 1) == 0;
    return p;
}

// copy_bidir: both directions of a bidirectional copy in ONE launch, timed by one event pair, so
// neither direction can run ahead of the other as two launches on two streams did. Warps alternate:
// warp w of the grid (g / 32 for grid thread g) copies up (up_src -> up_dst, H2D) when w is even
// and down (down_src -> down_dst, D2H) when w is odd. Within its direction a thread is
//
//   t' = (w / 2) * 32 + g % 32   of   T' = gridDim.x * blockDim.x / 2
//
// and does copy_range(..., t', T'): each direction's warps cover all of its bytes exactly as
// copy_bytes would with a grid of T' threads (head, COPY_UNROLL-vector rounds, leftovers, tail).
// blockDim.x must be a multiple of 64 so every block has as many warps up as down (512 is).
// dev.xfer.app.bandwidth.BidirSplit mirrors this mapping in Java; change both together.
extern "C" __global__ void __launch_bounds__(COPY_THREADS_PER_BLOCK, 1)
copy_bidir(unsigned char *up_dst, const unsigned char *up_src, unsigned char *down_dst,
           const unsigned char *down_src, long long bytes)
{
    const BidirPlace p = bidir_place();
    if (p.up) {
        copy_range(up_dst, up_src, bytes, p.t, p.threads);
    } else {
        copy_range(down_dst, down_src, bytes, p.t, p.threads);
    }
}

// copy_bytes_repeat and copy_bidir_repeat: copy_bytes and copy_bidir done `copies` times over in one
// launch, each pass a whole copy of the buffer (thread t redoes exactly its share, so every byte is
// written `copies` times). This is how nvbandwidth times its SM copies (its loopCount, 16, inside
// one launch): the launch, the grid's ramp-up and its drain are paid once per `copies` copies
// instead of once per copy. A thread starts its next pass without waiting for the others, so passes
// overlap at their edges, as consecutive copies of a stream would. The stores of one pass may land
// where the next pass loads (dst and src are not restrict), so the compiler reloads every pass.
// A pass is copy_pass, one copy_range compiled once as a called function (one call per pass and
// thread): with copy_range inlined into the pass loop, nvcc 13.0's sm_88 code for these kernels
// differed from build to build on a loaded machine, and KernelImageIsCurrentTest compares bytes.
// copy_pass is extern "C" so its symbol is its plain name, the same from any checkout path.
// dev.xfer.app.bandwidth.KernelCopy launches these only for copies > 1 (copy_bytes and copy_bidir
// otherwise), and dev.xfer.app.bandwidth.KernelTiming says when a sample holds several copies.
extern "C" __device__ __noinline__ void copy_pass(unsigned char *dst, const unsigned char *src, long long bytes,
                                                  long long t, long long threads)
{
    copy_range(dst, src, bytes, t, threads);
}

extern "C" __global__ void __launch_bounds__(COPY_THREADS_PER_BLOCK, 1)
copy_bytes_repeat(unsigned char *dst, const unsigned char *src, long long bytes, int copies)
{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long threads = (long long)gridDim.x * blockDim.x;
#pragma unroll 1
    for (int c = 0; c < copies; ++c) {
        copy_pass(dst, src, bytes, t, threads);
    }
}

extern "C" __global__ void __launch_bounds__(COPY_THREADS_PER_BLOCK, 1)
copy_bidir_repeat(unsigned char *up_dst, const unsigned char *up_src, unsigned char *down_dst,
                  const unsigned char *down_src, long long bytes, int copies)
{
    const BidirPlace p = bidir_place();
#pragma unroll 1
    for (int c = 0; c < copies; ++c) {
        if (p.up) {
            copy_pass(up_dst, up_src, bytes, p.t, p.threads);
        } else {
            copy_pass(down_dst, down_src, bytes, p.t, p.threads);
        }
    }
}

// copy_bidir_one_vector: bidir in nvbandwidth's split-warp shape, a diagnostic
// (--kernel-bidir one-vector) that measures whether the shape is what holds copy_bidir below
// nvbandwidth's bidir figure. Warps alternate up and down as in copy_bidir, but:
//   - the grid has one thread per 16-byte vector of each direction, so every thread has ONE vector
//     in flight (copy_bidir: 12) and the grid runs in waves of resident blocks instead of a
//     grid-stride loop;
//   - blocks of COPY_ONE_VECTOR_THREADS, two resident per SM where an SM holds 2048 threads
//     (sm_80, sm_90): __maxnreg__(32) keeps the registers at 32 per thread (ptxas took 52 for
//     sm_90 without it, which leaves room for one block);
//   - loads and stores are ld/st.global.cg (L2 only, as nvbandwidth's __ldcg/__stcg), so a
//     thread's next pass is not served from its SM's L1.
//
// A direction's thread t' of T' (t', T' as in copy_bidir) does exactly what copy_range does for t'
// of T' when T' >= max(vectors, 16), the grid dev.xfer.app.bandwidth.LaunchShape.oneVectorFor
// picks: head byte t', vector t', tail byte t' (each where it exists), or bytes t', t' + T', ...
// when the sides are not aligned alike. BidirSplit and CopyLayout mirror it in Java as they mirror
// copy_bidir. Each of `copies` passes is a whole copy of the buffer (every thread redoes its
// vector, as nvbandwidth's threads redo theirs).
#define COPY_ONE_VECTOR_THREADS 1024
#define COPY_ONE_VECTOR_REGISTERS 32

// Sides not aligned alike: bytes t, t + threads, ... one by one, `copies` times. A function of its
// own, never inlined, so that its loop's registers do not count against copy_bidir_one_vector's 32.
extern "C" __device__ __noinline__ void copy_strided(unsigned char *dst, const unsigned char *src, long long bytes,
                                                     long long t, long long threads, int copies)
{
#pragma unroll 1
    for (int c = 0; c < copies; ++c) {
        for (long long i = t; i < bytes; i += threads) {
            dst[i] = src[i];
        }
    }
}

extern "C" __global__ void __maxnreg__(COPY_ONE_VECTOR_REGISTERS)
copy_bidir_one_vector(unsigned char *up_dst, const unsigned char *up_src, unsigned char *down_dst,
                 const unsigned char *down_src, long long bytes, int copies)
{
    const BidirPlace p = bidir_place();
    const long long t = p.t;
    const long long threads = p.threads;
    unsigned char *dst = p.up ? up_dst : down_dst;
    const unsigned char *src = p.up ? up_src : down_src;
    long long head = (long long)((16ull - ((unsigned long long)dst & 15ull)) & 15ull);
    if (head > bytes) {
        head = bytes;
    }
    if ((((unsigned long long)src + (unsigned long long)head) & 15ull) != 0ull) {
        copy_strided(dst, src, bytes, t, threads, copies);
        return;
    }
    // The pass, worked out once: which of head byte t, vector t and tail byte t this thread has.
    const long long vectors = (bytes - head) >> 4;
    const long long tail = head + (vectors << 4) + t;
    uint4 *vdst = t < vectors ? reinterpret_cast<uint4 *>(dst + head) + t : nullptr;
    const uint4 *vsrc = reinterpret_cast<const uint4 *>(src + head) + t;
    const bool has_head = t < head;
    const bool has_tail = tail < bytes;
#pragma unroll 1
    for (int c = 0; c < copies; ++c) {
        if (has_head) {
            dst[t] = src[t];
        }
        if (vdst != nullptr) {
            __stcg(vdst, __ldcg(vsrc));
        }
        if (has_tail) {
            dst[tail] = src[tail];
        }
    }
}

// hold_stream: one thread spins until the host writes a non-zero int to *release (page-locked host
// memory, mapped) or timeout_ns of the GPU's global timer have passed. Launched first on a stream,
// it holds everything the host queues behind it (a lead-in copy, the start event, the timed copies,
// the stop event) until the host has queued all of it, so the time between the events holds no
// host-side launch latency: nvbandwidth starts its timed copies behind such a spin kernel. The
// timeout only keeps a host that never releases it from hanging the GPU.
extern "C" __global__ void hold_stream(const volatile int *release, long long timeout_ns)
{
    unsigned long long start;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    while (*release == 0) {
        unsigned long long now;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
        if ((long long)(now - start) > timeout_ns) {
            break;
        }
    }
}
// ---- end of kernel copy -------------------------------------------------------------------------

// ---- TMA copy: xfer bandwidth --copy tma (owner: the TMA path) --------------------------------------
//
// tma_copy copies `bytes` bytes from src to dst `copies` times over with Hopper's bulk-copy unit
// (the TMA) instead of the SMs' loads and stores: each chunk of the aligned middle goes
// global -> shared by cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes (its
// arrival counted on a shared-memory mbarrier) and shared -> global by
// cp.async.bulk.global.shared::cta.bulk_group, TMA_STAGES chunks of TMA_CHUNK bytes deep per block.
// Only sm_90 and later have these instructions: below that the kernel body is empty, and the host
// never launches it there (dev.xfer.app.bandwidth.TmaSupport waives such a device, with the reason).
//
// The split of a copy: head, middle and tail are copy_bytes' (dev.xfer.app.bandwidth.CopyLayout's head,
// vectors x 16 and tail, whose property test covers them; change all three together). The middle's
// chunks have no Java mirror:
//   head   = min(bytes, (16 - dst % 16) % 16)            bytes one by one (block 0's threads), as copy_bytes
//   middle = (bytes - head) rounded down to 16           in chunks of TMA_CHUNK (the last may be shorter,
//                                                        a multiple of 16), chunk c to block c % gridDim.x
//   tail   = the rest, fewer than 16                     bytes one by one (block 0's threads)
// Sides not aligned alike ((src + head) % 16 != 0) cannot be bulk-copied (both addresses and the
// size must be multiples of 16), so every byte goes one by one over the grid instead; xfer's own
// buffers never take that path.
//
// Persistent grid: the host picks the blocks (--blocks, one per SM by default) and each block walks
// its chunks, pass after pass, as one stream i = 0, 1, ... of (pass, chunk): thread 0 keeps
// TMA_STAGES loads in flight; when load i has landed (its mbarrier's phase (i / TMA_STAGES) & 1
// completes) it stores stage i % TMA_STAGES back and commits that store as a bulk group; before a
// stage is loaded again, cp.async.bulk.wait_group.read waits until the store that read it last is
// done reading shared memory. The last wait_group 0 waits for every store's writes before the block
// ends. Thread 0 does all the issuing (a bulk copy is one instruction whatever its size); the other
// threads of the block only help with head, tail and unaligned bytes.
#define TMA_STAGES 3
#define TMA_CHUNK 12288
#define TMA_THREADS 32

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
static __device__ __forceinline__ unsigned int smem_address(const void *p)
{
    return (unsigned int)__cvta_generic_to_shared(p);
}

static __device__ __forceinline__ void tma_load(void *stage, const unsigned char *src, unsigned int bytes,
                                                unsigned long long *barrier)
{
    const unsigned int bar = smem_address(barrier);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"r"(smem_address(stage)), "l"(src), "r"(bytes), "r"(bar) : "memory");
}

static __device__ __forceinline__ void tma_wait(unsigned long long *barrier, unsigned int parity)
{
    const unsigned int bar = smem_address(barrier);
    unsigned int done = 0;
    while (!done) {
        asm volatile("{\n\t.reg .pred p;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(done) : "r"(bar), "r"(parity) : "memory");
    }
}

static __device__ __forceinline__ void tma_store(unsigned char *dst, const void *stage, unsigned int bytes)
{
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                 ::"l"(dst), "r"(smem_address(stage)), "r"(bytes) : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}
#endif

extern "C" __global__ void __launch_bounds__(TMA_THREADS)
tma_copy(unsigned char *dst, const unsigned char *src, long long bytes, int copies)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    __shared__ __align__(128) unsigned char stage[TMA_STAGES][TMA_CHUNK];
    __shared__ __align__(8) unsigned long long barrier[TMA_STAGES];

    const long long threads = (long long)gridDim.x * blockDim.x;
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long head = (long long)((16ull - ((unsigned long long)dst & 15ull)) & 15ull);
    if (head > bytes) {
        head = bytes;
    }
    if ((((unsigned long long)src + (unsigned long long)head) & 15ull) != 0ull) {
#pragma unroll 1
        for (int c = 0; c < copies; ++c) {
            for (long long i = t; i < bytes; i += threads) {
                dst[i] = src[i];
            }
        }
        return;
    }
    const long long middle = (bytes - head) & ~15ll;
    const long long tail_start = head + middle;
    // Head and tail bytes (fewer than 16 each): block 0's threads, every pass, ordinary loads and stores.
    if (blockIdx.x == 0) {
#pragma unroll 1
        for (int c = 0; c < copies; ++c) {
            for (long long i = threadIdx.x; i < head; i += blockDim.x) {
                dst[i] = src[i];
            }
            for (long long i = tail_start + threadIdx.x; i < bytes; i += blockDim.x) {
                dst[i] = src[i];
            }
        }
    }
    if (threadIdx.x != 0) {
        return;
    }
    const long long chunks = (middle + TMA_CHUNK - 1) / TMA_CHUNK;
    const long long mine = chunks > (long long)blockIdx.x ? (chunks - 1 - blockIdx.x) / gridDim.x + 1 : 0;
    const long long total = mine * (long long)copies;
    if (total == 0) {
        return;
    }
    for (int s = 0; s < TMA_STAGES; ++s) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_address(&barrier[s])) : "memory");
    }
    // The barriers' initialisation must be visible to the bulk-copy unit (the async proxy) before it
    // signals them.
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    unsigned char *vdst = dst + head;
    const unsigned char *vsrc = src + head;
    // Item i of the block's stream: chunk blockIdx.x + (i % mine) * gridDim.x of pass i / mine.
#define TMA_OFFSET(i) (((long long)blockIdx.x + ((i) % mine) * (long long)gridDim.x) * TMA_CHUNK)
#define TMA_SIZE(off) ((unsigned int)(middle - (off) < TMA_CHUNK ? middle - (off) : TMA_CHUNK))
    for (long long i = 0; i < TMA_STAGES && i < total; ++i) {
        const long long off = TMA_OFFSET(i);
        tma_load(stage[i], vsrc + off, TMA_SIZE(off), &barrier[i]);
    }
#pragma unroll 1
    for (long long i = 0; i < total; ++i) {
        const int s = (int)(i % TMA_STAGES);
        const long long off = TMA_OFFSET(i);
        tma_wait(&barrier[s], (unsigned int)((i / TMA_STAGES) & 1));
        tma_store(vdst + off, stage[s], TMA_SIZE(off));
        // Refill the stage of item i - 1 with item i - 1 + TMA_STAGES once the store that read it
        // (all groups but the newest, item i's) is done reading shared memory.
        const long long refill = i - 1 + TMA_STAGES;
        if (i >= 1 && refill < total) {
            asm volatile("cp.async.bulk.wait_group.read 1;" ::: "memory");
            const int r = (int)((i - 1) % TMA_STAGES);
            const long long roff = TMA_OFFSET(refill);
            tma_load(stage[r], vsrc + roff, TMA_SIZE(roff), &barrier[r]);
        }
    }
#undef TMA_OFFSET
#undef TMA_SIZE
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
#endif
}
// ---- end of TMA copy ----------------------------------------------------------------------------

// ---- read-only and write-only: xfer bandwidth --direction d2d-read,d2d-write (owner: the kernel-copy path)
//
// The GPU's own memory by reads alone and by writes alone, nvbandwidth's read-only and write-only
// local kernels (v0.10): each row counts the bytes read, or written, once.
//
// read_bytes reads `bytes` from src `copies` times over in copy_range's split (head bytes, then
// 16-byte vectors in rounds of COPY_UNROLL loads, then tail bytes; sides are src alone, so the head
// is up to src's 16-byte boundary) and adds what it read into a 64-bit sum: each head and tail
// byte as an unsigned byte, each vector as its four 32-bit words. Every thread's sum is added up
// in its block, and one thread per block adds the block's into *sum (one atomic per block and
// launch), so every load feeds a value that is written and the compiler cannot drop one. A launch
// of one pass over zeroed *sum leaves the buffer's checksum there, which the host computes too
// (dev.xfer.app.bandwidth.ReadChecksum) to check that the kernel read what is there.
//
// write_bytes writes `bytes` to dst `copies` times over, the same split, nothing read: 32-bit word
// w (counting from dst, little-endian) holds 2w + 1 (mod 2^32), never 0, so a buffer cleared to
// zeros and not written shows; head and tail bytes are the bytes of those words at their place.
// When dst is not 16-byte aligned every byte is written one by one. The host checks every byte
// (dev.xfer.app.bandwidth.WritePattern).
//
// Launch shape: as copy_bytes (--blocks of COPY_THREADS_PER_BLOCK).
static __device__ __forceinline__ unsigned long long word_sum(uint4 v)
{
    return (unsigned long long)v.x + (unsigned long long)v.y + (unsigned long long)v.z + (unsigned long long)v.w;
}

extern "C" __global__ void __launch_bounds__(COPY_THREADS_PER_BLOCK, 1)
read_bytes(const unsigned char *src, long long bytes, int copies, unsigned long long *sum)
{
    __shared__ unsigned long long warp_sums[COPY_THREADS_PER_BLOCK / 32];
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long threads = (long long)gridDim.x * blockDim.x;
    long long head = (long long)((16ull - ((unsigned long long)src & 15ull)) & 15ull);
    if (head > bytes) {
        head = bytes;
    }
    const long long vectors = (bytes - head) >> 4;
    const uint4 *vsrc = reinterpret_cast<const uint4 *>(src + head);
    const long long tail_start = head + (vectors << 4);
    unsigned long long acc = 0ull;
#pragma unroll 1
    for (int c = 0; c < copies; ++c) {
        for (long long i = t; i < head; i += threads) {
            acc += src[i];
        }
        long long v = t;
        for (; v + (COPY_UNROLL - 1) * threads < vectors; v += COPY_UNROLL * threads) {
            uint4 held[COPY_UNROLL];
#pragma unroll
            for (int k = 0; k < COPY_UNROLL; ++k) {
                held[k] = vsrc[v + k * threads];
            }
#pragma unroll
            for (int k = 0; k < COPY_UNROLL; ++k) {
                acc += word_sum(held[k]);
            }
        }
        for (; v < vectors; v += threads) {
            acc += word_sum(vsrc[v]);
        }
        for (long long i = tail_start + t; i < bytes; i += threads) {
            acc += src[i];
        }
    }
    for (int offset = 16; offset > 0; offset >>= 1) {
        acc += __shfl_down_sync(0xffffffffu, acc, offset);
    }
    if ((threadIdx.x & 31) == 0) {
        warp_sums[threadIdx.x >> 5] = acc;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned long long block = 0ull;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) {
            block += warp_sums[w];
        }
        atomicAdd(sum, block);
    }
}

// Byte k (from dst) of write_bytes' pattern: byte k % 4 of the little-endian word 2 * (k / 4) + 1.
static __device__ __forceinline__ unsigned char pattern_byte(long long k)
{
    const unsigned int word = 2u * (unsigned int)(k >> 2) + 1u;
    return (unsigned char)(word >> (8 * (int)(k & 3)));
}

extern "C" __global__ void __launch_bounds__(COPY_THREADS_PER_BLOCK, 1)
write_bytes(unsigned char *dst, long long bytes, int copies)
{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long threads = (long long)gridDim.x * blockDim.x;
    if (((unsigned long long)dst & 15ull) != 0ull) {
#pragma unroll 1
        for (int c = 0; c < copies; ++c) {
            for (long long i = t; i < bytes; i += threads) {
                dst[i] = pattern_byte(i);
            }
        }
        return;
    }
    const long long vectors = bytes >> 4;
    uint4 *vdst = reinterpret_cast<uint4 *>(dst);
    const long long tail_start = vectors << 4;
#pragma unroll 1
    for (int c = 0; c < copies; ++c) {
        for (long long v = t; v < vectors; v += threads) {
            const unsigned int w = 8u * (unsigned int)v + 1u;
            vdst[v] = make_uint4(w, w + 2u, w + 4u, w + 6u);
        }
        for (long long i = tail_start + t; i < bytes; i += threads) {
            dst[i] = pattern_byte(i);
        }
    }
}
// ---- end of read-only and write-only ------------------------------------------------------------

// The arithmetic of NVIDIA's "How to Overlap Data Transfers in CUDA/C++" (async.cu):
//     x = (float)i; s = sinf(x); c = cosf(x); a[i] = a[i] + sqrtf(s*s + c*c);
// applied to a[begin, end). Ranges let one launch cover one stream's chunk, and chunks need not be
// equal (n need not divide by the stream count).
//
// iterations = K scales the work per element so the kernel can be made long enough to hide (or
// not hide) the copies; the result stays a[i] + 1 within rounding:
//   K <= 1: exactly async.cu's statement, so the result is bit for bit async.cu's (K <= 0 counts
//           as 1).
//   K > 1:  v_j = sqrtf(s_j*s_j + c_j*c_j) with x_j = (float)(i + j), j = 0..K-1. A different x
//           per pass keeps the compiler from computing sinf/cosf once and reusing it. What is
//           summed is v_j - 1, not v_j: a running sum of values near 1 rounds at the ulp of the
//           growing sum, so its error would grow with K. v_j - 1 is exact (Sterbenz), each is a multiple
//           of 2^-24 far below 1, so their sum is exact too; dividing by K rounds once, and
//           1 + mean rounds to a float between the smallest and largest 1 + (v_j - 1). Hence
//           |a[i] - 1| from zeros is at most max_j |v_j - 1|: no worse than async.cu's own
//           arithmetic at those x (its max error is 1.192093e-07, one ulp of 1).
extern "C" __global__ void overlap_kernel(float *a, long long begin, long long end, int iterations)
{
    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = begin + (long long)blockIdx.x * blockDim.x + threadIdx.x; i < end; i += stride) {
        if (iterations <= 1) {
            float x = (float)i;
            float s = sinf(x);
            float c = cosf(x);
            a[i] = a[i] + sqrtf(s * s + c * c);
        } else {
            float deviation = 0.0f;
            for (int j = 0; j < iterations; ++j) {
                float x = (float)(i + j);
                float s = sinf(x);
                float c = cosf(x);
                deviation += sqrtf(s * s + c * c) - 1.0f;
            }
            a[i] = a[i] + (1.0f + deviation / (float)iterations);
        }
    }
}

// a[i] = (double)(i % period + 1) for i in [0, n): with period = 999999 this is PyTorch's
// "non_blocking" tutorial pattern 1..999999 repeated, which the host checks after copying back.
// Every value is a small exact integer, so the check is exact on any host. A period <= 0 means no
// wrap (a[i] = i + 1) rather than a division by zero.
extern "C" __global__ void fill_sequence_f64(double *a, long long n, long long period)
{
    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        a[i] = (double)((period > 0 ? i % period : i) + 1);
    }
}

// a[i] = h == 0 ? 1 : h  for i in [0, n), where, in uint32 arithmetic (all products mod 2^32):
//     x = (uint32)i ^ (uint32)(i >> 32) ^ seed
//     x ^= x >> 16;  x *= 0x7feb352d;  x ^= x >> 15;  x *= 0x846ca68b;  x ^= x >> 16;  h = x
// (Chris Wellons' "lowbias32" integer hash). In Java, with int x and long i:
//     int x = (int) i ^ (int) (i >>> 32) ^ seed;
//     x ^= x >>> 16; x *= 0x7feb352d; x ^= x >>> 15; x *= 0x846ca68b; x ^= x >>> 16;
//     int expected = x == 0 ? 1 : x;
// Why a hash and not i itself: neighbouring words differ in about half their bits, so a copy that
// lands shifted, duplicated or torn is caught; folding in the high half of i keeps buffers past
// 2^32 words (16 GiB) from repeating; the seed lets successive runs write different data, so stale
// data from an earlier run cannot pass. Never zero (the hash is a bijection; the one input that
// maps to 0 is replaced by 1), so an untouched zeroed buffer never matches.
extern "C" __global__ void fill_pattern_u32(unsigned int *a, long long n, unsigned int seed)
{
    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        unsigned int x = (unsigned int)i ^ (unsigned int)((unsigned long long)i >> 32) ^ seed;
        x ^= x >> 16;
        x *= 0x7feb352du;
        x ^= x >> 15;
        x *= 0x846ca68bu;
        x ^= x >> 16;
        a[i] = x == 0u ? 1u : x;
    }
}

// ---- xfer latency: the pointer chase ------------------------------------------------------------
// One thread follows a chain of 8-byte pointers, each load's address being the value the previous
// load returned, so no two loads can overlap and the time per step is the latency of one access.
// The chain is built on the host (dev.xfer.app.latency.ChaseCycle): one node per 128-byte line,
// linked in a random cyclic permutation, so neither a prefetcher nor a second lap within one
// cache line hides a miss. The host times the launch with CUDA events and divides by accesses.
//
// uncached != 0 loads with ld.global.cv ("consider cached lines stale, fetch again"): every access
// goes over the link to the host's or the peer GPU's memory, whatever the L2 keeps of lines it
// saw in an earlier lap; this is what NVIDIA's nvbandwidth host_device_latency_sm measures (on an
// H200 its launches of 7,575 steps never revisit one of the 16,384 lines of its 2 MiB buffer).
// uncached == 0 uses plain loads, so a chase over the GPU's own memory shows the L1 and L2
// hierarchy as the buffer grows past each cache. Both are ld.global (__ldcv, __ldca) rather than a
// plain dereference, which compiles to a generic ld.
//
// *end receives the pointer the chase stopped at: the host checks it against its own walk of the
// permutation (a wrong value means the chain on the device is not the one built), and storing it
// keeps the compiler from dropping the loop. Launch with one block of one thread.
extern "C" __global__ void pointer_chase(const unsigned long long *start, long long accesses, int uncached,
                                         unsigned long long *end)
{
    if (blockIdx.x != 0 || threadIdx.x != 0) {
        return;
    }
    const unsigned long long *p = start;
    if (uncached != 0) {
        for (long long i = 0; i < accesses; ++i) {
            p = (const unsigned long long *)__ldcv(p);
        }
    } else {
        for (long long i = 0; i < accesses; ++i) {
            p = (const unsigned long long *)__ldca(p);
        }
    }
    *end = (unsigned long long)p;
}
// ---- end of xfer latency ------------------------------------------------------------------------

// Counts the elements of a[0, n) that are not fill_sequence_f64's value (i % period + 1), and the
// largest |a[i] - expected| among them, so xfer check can verify a device buffer where it is
// instead of copying 800 MB back to the host first. out[0] += the count; out[1] = max(out[1], the
// bits of the largest |error|), compared as unsigned 64-bit integers: for doubles >= 0 that order
// is the numeric order, and a NaN error (poison read: 0xFF bytes) has its sign cleared by fabs,
// so its bits sort above +infinity and a NaN seen anywhere is what out[1] ends with. The caller
// zeroes out[0..1] first. blockDim.x must be a multiple of 32, at most 1024 (whole warps).
//
// Each block adds up its threads' counts (warp shuffles, then shared memory) and one thread per
// block touches out, and only when the block saw a wrong element: half a buffer of poison would
// otherwise be millions of atomics on the same two words (measured: 25 ms per 800 MB on the H200).
extern "C" __global__ void count_sequence_mismatch_f64(const double *a, long long n, long long period,
                                                       unsigned long long *out)
{
    __shared__ unsigned long long warp_wrong[32];
    __shared__ unsigned long long warp_worst[32];
    const long long stride = (long long)gridDim.x * blockDim.x;
    unsigned long long wrong = 0ull;
    unsigned long long worst = 0ull;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        double expected = (double)((period > 0 ? i % period : i) + 1);
        double v = a[i];
        if (!(v == expected)) {
            ++wrong;
            unsigned long long bits = (unsigned long long)__double_as_longlong(fabs(v - expected));
            worst = bits > worst ? bits : worst;
        }
    }
    for (int offset = 16; offset > 0; offset >>= 1) {
        wrong += __shfl_down_sync(0xffffffffu, wrong, offset);
        unsigned long long other = __shfl_down_sync(0xffffffffu, worst, offset);
        worst = other > worst ? other : worst;
    }
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    if (lane == 0) {
        warp_wrong[warp] = wrong;
        warp_worst[warp] = worst;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned long long block_wrong = 0ull;
        unsigned long long block_worst = 0ull;
        for (int w = 0; w < (int)(blockDim.x >> 5); ++w) {
            block_wrong += warp_wrong[w];
            block_worst = warp_worst[w] > block_worst ? warp_worst[w] : block_worst;
        }
        if (block_wrong != 0ull) {
            atomicAdd(&out[0], block_wrong);
            atomicMax(&out[1], block_worst);
        }
    }
}
