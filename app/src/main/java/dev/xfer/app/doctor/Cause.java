package dev.xfer.app.doctor;

import dev.xfer.app.format.Labelled;

/**
 * Every cause doctor knows, each with the identifier its JSON and JUnit carry. The causes read
 * through NVML ({@link #CLOCKS_THROTTLED} to {@link #CONFIDENTIAL_COMPUTING}) are judged by the checks in
 * {@link NvmlChecks} from an {@link NvmlEvidence}; without NVML they say unknown.
 */
public enum Cause implements Labelled {
    LINK_BELOW_MAXIMUM("link-below-maximum", "PCIe link below its maximum"),
    MAX_PAYLOAD("max-payload", "PCIe MaxPayload below what both ends support"),
    MAX_READ_REQUEST("max-read-request", "PCIe MaxReadReq small"),
    IOMMU_TRANSLATION("iommu-translation", "IOMMU translating DMA"),
    ACS_REDIRECT("acs-redirect", "ACS redirecting peer traffic"),
    TRANSPARENT_HUGE_PAGES("transparent-huge-pages", "transparent huge pages off"),
    CPU_GOVERNOR("cpu-governor", "CPU frequency governor saves power"),
    REMOTE_NUMA_NODE("remote-numa-node", "host memory on a remote NUMA node"),
    PAGEABLE_MEMORY("pageable-memory", "pageable host memory against pinned"),
    HOST_MEMCPY("host-memcpy", "host memcpy as the staged path's ceiling"),
    WRITE_COMBINED_READ("write-combined-read", "write-combined memory read by the host"),
    PEER_ACCESS("peer-access", "peer access between GPUs"),
    PEER_PATH("peer-path", "the path peer copies take"),
    CLOCKS_THROTTLED("clocks-throttled", "GPU clocks throttled"),
    PCIE_REPLAYS("pcie-replays", "PCIe replays rising"),
    FOREIGN_PROCESSES("foreign-processes", "other processes on the GPU"),
    FOREIGN_TRAFFIC("foreign-traffic", "link traffic xfer did not move"),
    PERSISTENCE_MODE("persistence-mode", "persistence mode off"),
    PEER_STATUS_NVML("peer-status-nvml", "NVML's peer-to-peer status"),
    CONFIDENTIAL_COMPUTING("confidential-computing", "Confidential Computing on");

    private final String id;
    private final String title;

    Cause(String id, String title) {
        this.id = id;
        this.title = title;
    }

    /** The identifier in JSON and JUnit: {@code link-below-maximum}. */
    public String id() {
        return id;
    }

    /** As documents carry it: the {@link #id()}. */
    @Override
    public String label() {
        return id;
    }

    /** What the cause is, for people. */
    public String title() {
        return title;
    }
}
