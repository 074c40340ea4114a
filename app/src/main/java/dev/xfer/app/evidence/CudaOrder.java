package dev.xfer.app.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.IntStream;

/**
 * Which of NVML's GPUs CUDA will call device {@code i}, told before CUDA has started: so the
 * evidence's probe can open while CUDA loads and creates its context (a third of a second that
 * moves nothing on the link, and so is the idle window before the first configuration).
 *
 * <p>It is a guess, and only made where CUDA's rules make it certain on sane machines: CUDA
 * numbers the GPUs {@code FASTEST_FIRST} unless {@code CUDA_DEVICE_ORDER=PCI_BUS_ID}, ties broken
 * by PCI bus id, and NVML numbers them by PCI bus id; so the orders agree where CUDA is told so
 * or where every GPU is the same model. {@code CUDA_VISIBLE_DEVICES} then picks among them by
 * index or by UUID. Anything else (MIG instances, a malformed list, mixed models in CUDA's
 * default order) is no guess. The recorder checks every guess against the PCI bus id and UUID
 * CUDA reports once it has started, and drops what it read of a wrong one.
 */
public final class CudaOrder {
    private CudaOrder() {
    }

    /** One GPU as NVML lists it, in NVML's order. */
    public record NvmlGpu(String name, String uuid) {
    }

    /**
     * NVML's index of CUDA's device {@code cudaIndex}, or empty where it cannot be told.
     *
     * @param visibleDevices {@code CUDA_VISIBLE_DEVICES}, if set
     * @param deviceOrder    {@code CUDA_DEVICE_ORDER}, if set
     * @param gpus           NVML's GPUs, in NVML's order
     */
    public static OptionalInt nvmlIndex(int cudaIndex, Optional<String> visibleDevices, Optional<String> deviceOrder,
                                        List<NvmlGpu> gpus) {
        if (cudaIndex < 0 || gpus.isEmpty()) {
            return OptionalInt.empty();
        }
        // CUDA's default order, FASTEST_FIRST, is NVML's (bus id) only where every GPU is the same model.
        String order = deviceOrder.map(String::strip).orElse("FASTEST_FIRST");
        boolean oneModel = gpus.stream().map(NvmlGpu::name).distinct().count() == 1;
        if (!(order.equals("PCI_BUS_ID") || order.equals("FASTEST_FIRST") && oneModel)) {
            return OptionalInt.empty();
        }
        Optional<List<Integer>> visible = visibleDevices.isEmpty()
                ? Optional.of(IntStream.range(0, gpus.size()).boxed().toList())
                : visible(visibleDevices.get(), gpus);
        return visible.filter(v -> cudaIndex < v.size()).map(v -> OptionalInt.of(v.get(cudaIndex)))
                .orElse(OptionalInt.empty());
    }

    /**
     * The GPUs {@code CUDA_VISIBLE_DEVICES} selects, in its order; empty for a list this class does
     * not read with certainty (CUDA stops at the first entry it cannot read, MIG names an instance
     * NVML's device list does not, a repeated GPU is refused by CUDA).
     */
    private static Optional<List<Integer>> visible(String list, List<NvmlGpu> gpus) {
        List<Integer> out = new ArrayList<>();
        for (String raw : list.split(",", -1)) {
            String entry = raw.strip();
            OptionalInt index = entry.matches("[0-9]{1,4}") ? inRange(Integer.parseInt(entry), gpus.size())
                    : entry.startsWith("GPU-") ? byUuidPrefix(entry, gpus) : OptionalInt.empty();
            if (index.isEmpty() || out.contains(index.getAsInt())) {
                return Optional.empty();
            }
            out.add(index.getAsInt());
        }
        return Optional.of(out);
    }

    private static OptionalInt inRange(int index, int count) {
        return index < count ? OptionalInt.of(index) : OptionalInt.empty();
    }

    /** CUDA accepts a unique prefix of a GPU's UUID. */
    private static OptionalInt byUuidPrefix(String prefix, List<NvmlGpu> gpus) {
        OptionalInt found = OptionalInt.empty();
        for (int i = 0; i < gpus.size(); i++) {
            if (gpus.get(i).uuid().startsWith(prefix)) {
                if (found.isPresent()) {
                    return OptionalInt.empty();
                }
                found = OptionalInt.of(i);
            }
        }
        return found;
    }
}
