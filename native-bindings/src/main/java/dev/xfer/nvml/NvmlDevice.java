package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;
import dev.xfer.nvml.generated.nvmlFieldValue_st;
import dev.xfer.nvml.generated.nvmlPciInfo_st;
import dev.xfer.nvml.generated.nvmlProcessInfo_v2_st;
import dev.xfer.nvml.generated.nvmlValue_st;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * One GPU as NVML sees it, with typed readers of the state a measurement depends on. Each reader
 * throws {@link NvmlException} naming the call and NVML's code; the caller decides what a refusal
 * (not supported, no permission) means: the app's evidence turns it into {@code unknown: <why>}.
 * Valid while the {@link Nvml} session that found it is open.
 */
public final class NvmlDevice {
    /** Attempts to read the process list while processes come and go between sizing and reading. */
    private static final int PROCESS_LIST_ATTEMPTS = 4;

    private final Nvml session;
    private final MemorySegment handle;
    private final String label;

    NvmlDevice(Nvml session, MemorySegment handle, String label) {
        this.session = session;
        this.handle = handle;
        this.label = label;
    }

    /** The GPU's product name, e.g. {@code NVIDIA H100 80GB HBM3}. */
    public String name() {
        return NvmlCheck.readString(call("nvmlDeviceGetName"), nvml.NVML_DEVICE_NAME_V2_BUFFER_SIZE(),
                (buffer, length) -> nvml.nvmlDeviceGetName(handle, buffer, length));
    }

    /** The GPU's UUID as NVML writes it, e.g. {@code GPU-5e3a...}. */
    public String uuid() {
        return NvmlCheck.readString(call("nvmlDeviceGetUUID"), nvml.NVML_DEVICE_UUID_V2_BUFFER_SIZE(),
                (buffer, length) -> nvml.nvmlDeviceGetUUID(handle, buffer, length));
    }

    public PciInfo pciInfo() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pci = nvmlPciInfo_st.allocate(arena);
            NvmlCheck.call(call("nvmlDeviceGetPciInfo_v3"), () -> nvml.nvmlDeviceGetPciInfo_v3(handle, pci));
            return new PciInfo(nvmlPciInfo_st.busId(pci).getString(0), nvmlPciInfo_st.domain(pci),
                    nvmlPciInfo_st.bus(pci), nvmlPciInfo_st.device(pci), nvmlPciInfo_st.pciDeviceId(pci),
                    nvmlPciInfo_st.pciSubSystemId(pci));
        }
    }

    /** Whether the driver stays loaded with no client (persistence mode); off costs a slow first call. */
    public boolean persistenceMode() {
        return NvmlCheck.readInt(call("nvmlDeviceGetPersistenceMode"),
                out -> nvml.nvmlDeviceGetPersistenceMode(handle, out)) == nvml.NVML_FEATURE_ENABLED();
    }

    /** The SM and memory clocks now. */
    public Clocks clocks() {
        return clocks("nvmlDeviceGetClockInfo", nvml::nvmlDeviceGetClockInfo);
    }

    /** The highest SM and memory clocks the GPU runs at. */
    public Clocks maxClocks() {
        return clocks("nvmlDeviceGetMaxClockInfo", nvml::nvmlDeviceGetMaxClockInfo);
    }

    /** nvmlDeviceGetClockInfo or nvmlDeviceGetMaxClockInfo: same arguments, different clock. */
    @FunctionalInterface
    private interface ClockCall {
        int call(MemorySegment device, int type, MemorySegment clock);
    }

    private Clocks clocks(String function, ClockCall clockCall) {
        int sm = nvml.NVML_CLOCK_SM();
        int memory = nvml.NVML_CLOCK_MEM();
        return new Clocks(
                NvmlCheck.readInt(call(function, "NVML_CLOCK_SM"), out -> clockCall.call(handle, sm, out)),
                NvmlCheck.readInt(call(function, "NVML_CLOCK_MEM"), out -> clockCall.call(handle, memory, out)));
    }

    /** Why the clocks are where they are now (idle, power cap, thermal slowdown, ...). */
    public ClocksEventReasons clocksEventReasons() {
        return new ClocksEventReasons(NvmlCheck.readLong(call("nvmlDeviceGetCurrentClocksEventReasons"),
                out -> nvml.nvmlDeviceGetCurrentClocksEventReasons(handle, out)));
    }

    /** The PCIe generation and width the link trained to. */
    public PcieLink pcieLink() {
        return new PcieLink(
                NvmlCheck.readInt(call("nvmlDeviceGetCurrPcieLinkGeneration"),
                        out -> nvml.nvmlDeviceGetCurrPcieLinkGeneration(handle, out)),
                NvmlCheck.readInt(call("nvmlDeviceGetCurrPcieLinkWidth"),
                        out -> nvml.nvmlDeviceGetCurrPcieLinkWidth(handle, out)));
    }

    /** The most the link can train to, given both the GPU and the slot it sits in. */
    public PcieLink maxPcieLink() {
        return new PcieLink(
                NvmlCheck.readInt(call("nvmlDeviceGetMaxPcieLinkGeneration"),
                        out -> nvml.nvmlDeviceGetMaxPcieLinkGeneration(handle, out)),
                NvmlCheck.readInt(call("nvmlDeviceGetMaxPcieLinkWidth"),
                        out -> nvml.nvmlDeviceGetMaxPcieLinkWidth(handle, out)));
    }

    /** The highest PCIe generation the GPU itself supports, whatever its slot. */
    public int gpuMaxPcieLinkGeneration() {
        return NvmlCheck.readInt(call("nvmlDeviceGetGpuMaxPcieLinkGeneration"),
                out -> nvml.nvmlDeviceGetGpuMaxPcieLinkGeneration(handle, out));
    }

    /** How many PCIe packets had to be replayed since the driver loaded; a rising count is a bad link. */
    public long pcieReplayCounter() {
        return NvmlCheck.readUnsignedInt(call("nvmlDeviceGetPcieReplayCounter"),
                out -> nvml.nvmlDeviceGetPcieReplayCounter(handle, out));
    }

    /** PCIe traffic over NVML's short sampling window; each direction takes about 20 ms to read. */
    public PcieThroughput pcieThroughput() {
        return new PcieThroughput(throughput(nvml.NVML_PCIE_UTIL_TX_BYTES(), "NVML_PCIE_UTIL_TX_BYTES"),
                throughput(nvml.NVML_PCIE_UTIL_RX_BYTES(), "NVML_PCIE_UTIL_RX_BYTES"));
    }

    private long throughput(int counter, String counterName) {
        return NvmlCheck.readUnsignedInt(call("nvmlDeviceGetPcieThroughput", counterName),
                out -> nvml.nvmlDeviceGetPcieThroughput(handle, counter, out));
    }

    /** The cumulative PCIe byte counters, read together in one call. */
    public PcieByteCounters pcieByteCounters() {
        List<FieldValue> values = fieldValues(nvml.NVML_FI_DEV_PCIE_COUNT_TX_BYTES(),
                nvml.NVML_FI_DEV_PCIE_COUNT_RX_BYTES());
        FieldValue tx = values.get(0);
        FieldValue rx = values.get(1);
        return new PcieByteCounters(tx.value(), rx.value(), Math.min(tx.bits(), rx.bits()), tx.timestampMicros());
    }

    /**
     * Integer fields by id ({@code NVML_FI_*}), read in one call.
     *
     * @throws NvmlException when the call fails, or when any field does (each carries its own code)
     */
    public List<FieldValue> fieldValues(int... fieldIds) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment values = nvmlFieldValue_st.allocateArray(fieldIds.length, arena);
            for (int i = 0; i < fieldIds.length; i++) {
                nvmlFieldValue_st.fieldId(nvmlFieldValue_st.asSlice(values, i), fieldIds[i]);
            }
            NvmlCheck.call(call("nvmlDeviceGetFieldValues"),
                    () -> nvml.nvmlDeviceGetFieldValues(handle, fieldIds.length, values));
            List<FieldValue> out = new ArrayList<>(fieldIds.length);
            for (int i = 0; i < fieldIds.length; i++) {
                MemorySegment value = nvmlFieldValue_st.asSlice(values, i);
                NvmlCheck.check(nvmlFieldValue_st.nvmlReturn(value), call("nvmlDeviceGetFieldValues",
                        "field " + fieldIds[i]));
                out.add(decode(fieldIds[i], value));
            }
            return List.copyOf(out);
        }
    }

    private FieldValue decode(int fieldId, MemorySegment field) {
        MemorySegment value = nvmlFieldValue_st.value(field);
        long timestamp = nvmlFieldValue_st.timestamp(field);
        int type = nvmlFieldValue_st.valueType(field);
        if (type == nvml.NVML_VALUE_TYPE_UNSIGNED_LONG_LONG()) {
            return new FieldValue(fieldId, nvmlValue_st.ullVal(value), 64, timestamp);
        } else if (type == nvml.NVML_VALUE_TYPE_SIGNED_LONG_LONG()) {
            return new FieldValue(fieldId, nvmlValue_st.sllVal(value), 64, timestamp);
        } else if (type == nvml.NVML_VALUE_TYPE_UNSIGNED_LONG()) {
            return new FieldValue(fieldId, nvmlValue_st.ulVal(value), 64, timestamp);
        } else if (type == nvml.NVML_VALUE_TYPE_UNSIGNED_INT()) {
            return new FieldValue(fieldId, Integer.toUnsignedLong(nvmlValue_st.uiVal(value)), 32, timestamp);
        } else if (type == nvml.NVML_VALUE_TYPE_SIGNED_INT()) {
            return new FieldValue(fieldId, nvmlValue_st.siVal(value), 32, timestamp);
        } else if (type == nvml.NVML_VALUE_TYPE_UNSIGNED_SHORT()) {
            return new FieldValue(fieldId, Short.toUnsignedLong(nvmlValue_st.usVal(value)), 16, timestamp);
        }
        // A double (or a type newer than the header) is not a counter: say so rather than guess.
        int invalid = nvml.NVML_ERROR_INVALID_ARGUMENT();
        throw new NvmlException(call("nvmlDeviceGetFieldValues", "field " + fieldId),
                new NvmlError(invalid, NvmlReturn.name(invalid), "value type " + type + " is not an integer"));
    }

    /**
     * The processes holding a compute context on this GPU, with their names where readable. Under
     * a container's pid namespace NVML may report pids it cannot name.
     */
    public List<GpuProcess> computeProcesses() {
        int insufficient = nvml.NVML_ERROR_INSUFFICIENT_SIZE();
        String function = call("nvmlDeviceGetComputeRunningProcesses_v3");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
            // Size, then read; a process that starts in between makes the buffer too small again.
            int capacity = 0;
            for (int attempt = 0; attempt < PROCESS_LIST_ATTEMPTS; attempt++) {
                MemorySegment infos = capacity == 0 ? MemorySegment.NULL
                        : nvmlProcessInfo_v2_st.allocateArray(capacity, arena);
                count.set(ValueLayout.JAVA_INT, 0, capacity);
                int rc = NvmlCheck.invoke(function,
                        () -> nvml.nvmlDeviceGetComputeRunningProcesses_v3(handle, count, infos));
                if (rc == insufficient) {
                    capacity = count.get(ValueLayout.JAVA_INT, 0) + 4;
                    continue;
                }
                NvmlCheck.check(rc, function);
                return processes(infos, count.get(ValueLayout.JAVA_INT, 0));
            }
            throw new NvmlException(function, NvmlCheck.describe(insufficient));
        }
    }

    private List<GpuProcess> processes(MemorySegment infos, int count) {
        long notAvailable = nvml.NVML_VALUE_NOT_AVAILABLE();
        List<GpuProcess> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            MemorySegment info = nvmlProcessInfo_v2_st.asSlice(infos, i);
            int pid = nvmlProcessInfo_v2_st.pid(info);
            long used = nvmlProcessInfo_v2_st.usedGpuMemory(info);
            out.add(new GpuProcess(pid, used == notAvailable ? OptionalLong.empty() : OptionalLong.of(used),
                    session.processName(pid)));
        }
        return List.copyOf(out);
    }

    /** Total ECC errors; NVML_ERROR_NOT_SUPPORTED where ECC is off or absent. */
    public EccErrors eccErrors() {
        int corrected = nvml.NVML_MEMORY_ERROR_TYPE_CORRECTED();
        int uncorrected = nvml.NVML_MEMORY_ERROR_TYPE_UNCORRECTED();
        int volatileEcc = nvml.NVML_VOLATILE_ECC();
        int aggregate = nvml.NVML_AGGREGATE_ECC();
        return new EccErrors(
                ecc(corrected, volatileEcc, "NVML_MEMORY_ERROR_TYPE_CORRECTED, NVML_VOLATILE_ECC"),
                ecc(uncorrected, volatileEcc, "NVML_MEMORY_ERROR_TYPE_UNCORRECTED, NVML_VOLATILE_ECC"),
                ecc(corrected, aggregate, "NVML_MEMORY_ERROR_TYPE_CORRECTED, NVML_AGGREGATE_ECC"),
                ecc(uncorrected, aggregate, "NVML_MEMORY_ERROR_TYPE_UNCORRECTED, NVML_AGGREGATE_ECC"));
    }

    private long ecc(int errorType, int counterType, String arguments) {
        return NvmlCheck.readLong(call("nvmlDeviceGetTotalEccErrors", arguments),
                out -> nvml.nvmlDeviceGetTotalEccErrors(handle, errorType, counterType, out));
    }

    /** Whether pages retired for errors wait for the next driver reload. */
    public boolean retiredPagesPending() {
        return NvmlCheck.readInt(call("nvmlDeviceGetRetiredPagesPendingStatus"),
                out -> nvml.nvmlDeviceGetRetiredPagesPendingStatus(handle, out)) == nvml.NVML_FEATURE_ENABLED();
    }

    public RemappedRows remappedRows() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_INT, 4);
            NvmlCheck.call(call("nvmlDeviceGetRemappedRows"), () -> nvml.nvmlDeviceGetRemappedRows(handle,
                    out.asSlice(0, 4), out.asSlice(4, 4), out.asSlice(8, 4), out.asSlice(12, 4)));
            return new RemappedRows(out.getAtIndex(ValueLayout.JAVA_INT, 0), out.getAtIndex(ValueLayout.JAVA_INT, 1),
                    out.getAtIndex(ValueLayout.JAVA_INT, 2) != 0, out.getAtIndex(ValueLayout.JAVA_INT, 3) != 0);
        }
    }

    /** Whether this GPU and {@code other} can do {@code capability} with each other. */
    public P2pStatus p2pStatus(NvmlDevice other, P2pCapability capability) {
        return P2pStatus.of(NvmlCheck.readInt(call("nvmlDeviceGetP2PStatus", other.label + ", " + capability),
                out -> nvml.nvmlDeviceGetP2PStatus(handle, other.handle, capability.code(), out)));
    }

    /**
     * The nearest point of the PCIe tree this GPU and {@code other} share.
     *
     * @throws NvmlException also (NVML_ERROR_UNKNOWN) when NVML answers with a level newer than the header
     */
    public TopologyLevel topologyCommonAncestor(NvmlDevice other) {
        String function = call("nvmlDeviceGetTopologyCommonAncestor", other.label);
        int code = NvmlCheck.readInt(function,
                out -> nvml.nvmlDeviceGetTopologyCommonAncestor(handle, other.handle, out));
        int unknown = nvml.NVML_ERROR_UNKNOWN();
        return TopologyLevel.of(code).orElseThrow(() -> new NvmlException(function, new NvmlError(
                unknown, NvmlReturn.name(unknown), "topology level " + code + " is newer than xfer's nvml.h")));
    }

    /** How this GPU was found, e.g. {@code GPU 0000:00:06.0}. */
    @Override
    public String toString() {
        return label;
    }

    private String call(String function) {
        return function + "(" + label + ")";
    }

    private String call(String function, String arguments) {
        return function + "(" + label + ", " + arguments + ")";
    }
}
