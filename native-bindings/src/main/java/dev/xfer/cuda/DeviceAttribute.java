package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

/**
 * The device attributes xfer reads. Read through {@code cudaDeviceGetAttribute} rather than
 * {@code cudaDeviceProp}, whose layout changes between CUDA 12 and 13.
 */
public enum DeviceAttribute {
    COMPUTE_CAPABILITY_MAJOR(cudart.cudaDevAttrComputeCapabilityMajor()),
    COMPUTE_CAPABILITY_MINOR(cudart.cudaDevAttrComputeCapabilityMinor()),
    MULTIPROCESSOR_COUNT(cudart.cudaDevAttrMultiProcessorCount()),
    /** Copy engines: 1 overlaps copies with kernels, 2 also overlaps H2D with D2H. */
    ASYNC_ENGINE_COUNT(cudart.cudaDevAttrAsyncEngineCount()),
    /** Whether a copy can run while a kernel executes. */
    CONCURRENT_COPY_AND_EXECUTE(cudart.cudaDevAttrGpuOverlap()),
    CONCURRENT_KERNELS(cudart.cudaDevAttrConcurrentKernels()),
    PCI_DOMAIN_ID(cudart.cudaDevAttrPciDomainId()),
    PCI_BUS_ID(cudart.cudaDevAttrPciBusId()),
    PCI_DEVICE_ID(cudart.cudaDevAttrPciDeviceId()),
    INTEGRATED(cudart.cudaDevAttrIntegrated()),
    CAN_MAP_HOST_MEMORY(cudart.cudaDevAttrCanMapHostMemory()),
    UNIFIED_ADDRESSING(cudart.cudaDevAttrUnifiedAddressing()),
    /** Whether a kernel may use the host address of memory page-locked by {@code cudaHostRegister}. */
    CAN_USE_HOST_POINTER_FOR_REGISTERED_MEMORY(cudart.cudaDevAttrCanUseHostPointerForRegisteredMem()),
    L2_CACHE_SIZE(cudart.cudaDevAttrL2CacheSize()),
    GLOBAL_MEMORY_BUS_WIDTH(cudart.cudaDevAttrGlobalMemoryBusWidth()),
    MAX_THREADS_PER_BLOCK(cudart.cudaDevAttrMaxThreadsPerBlock()),
    HOST_REGISTER_SUPPORTED(cudart.cudaDevAttrHostRegisterSupported()),
    PAGEABLE_MEMORY_ACCESS(cudart.cudaDevAttrPageableMemoryAccess()),
    NUMA_ID(cudart.cudaDevAttrNumaId()),
    HOST_NUMA_ID(cudart.cudaDevAttrHostNumaId());

    private final int code;

    DeviceAttribute(int code) {
        this.code = code;
    }

    /** The {@code cudaDeviceAttr} value. */
    public int code() {
        return code;
    }
}
