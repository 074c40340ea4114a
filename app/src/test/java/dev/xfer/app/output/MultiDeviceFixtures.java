package dev.xfer.app.output;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.bandwidth.TmaSupport;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerAbsences;
import dev.xfer.app.bandwidth.peer.PeerPlan;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.bandwidth.several.MultiDeviceResults;
import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.stats.Summary;
import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.sysfs.PciDeviceInfo;
import dev.xfer.app.sysfs.PcieGeneration;
import dev.xfer.app.sysfs.PcieLink;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.host.CpuSet;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static dev.xfer.app.output.ResultsFixtures.MIB16;
import static dev.xfer.app.output.ResultsFixtures.context;
import static dev.xfer.app.output.ResultsFixtures.summary;

/**
 * Fixed records of bandwidth runs over several GPUs, for renderer tests and the golden files
 * {@code bandwidth-devices-concurrent.json}, {@code bandwidth-devices-p2p.json},
 * {@code bandwidth-devices-p2p-read.json} and {@code bandwidth-devices-p2p-tma.json}: no GPU, no clock.
 */
public final class MultiDeviceFixtures {
    private MultiDeviceFixtures() {
    }

    /** An H200 at CUDA index {@code index} on PCI bus {@code bus}, NUMA node {@code node}, Gen5 x16. */
    public static DeviceInfo h200At(int index, int bus, int node) {
        PciDeviceInfo pci = new PciDeviceInfo(new PciAddress(0, bus, 0, 0), OptionalInt.of(node),
                Optional.of(node == 0 ? "0-23" : "24-47"), CpuSet.parse(node == 0 ? "0-23" : "24-47"),
                Optional.of(new PcieLink(PcieGeneration.GEN5, 16)), Optional.of(new PcieLink(PcieGeneration.GEN5, 16)));
        return new DeviceInfo(index, "NVIDIA H200", 9, 0, 150_109_880_320L, 149_534_343_168L, 132, 2, true,
                String.format("0000:%02X:00.0", bus), Optional.of(pci), node)
                .withUuid(String.format("GPU-%08x-0000-4000-8000-0000000000%02x", 0xabc00000 + bus, index));
    }

    /** A rate summary around {@code median}, and the time one 16 MiB copy takes at it. */
    private static BandwidthResult pinned(String direction, double median) {
        double micros = Math.round(MIB16 / (median * 1e3) * 10) / 10.0;
        return new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel(direction), MIB16, around(median),
                summary(20, micros, micros - 1, micros + 1, micros, 0.5),
                OptionalDouble.of(Math.round(median / 0.63 * 10) / 10.0), true);
    }

    private static Summary around(double median) {
        return summary(20, median, median - 0.5, median + 0.25, median, 0.125);
    }

    // ---- --concurrent on two GPUs

    /** Pinned h2d and d2h at 16 MiB, as --concurrent asks for. */
    public static BandwidthPlan concurrentPlan() {
        return new BandwidthPlan(List.of(MIB16), List.of(HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.D2H), 20, 5, CopyTimer.EVENTS);
    }

    private static ConcurrentResult.GpuShare share(int device, double median, boolean verified) {
        double micros = Math.round(MIB16 / (median * 1e3) * 10) / 10.0;
        return new ConcurrentResult.GpuShare(device, around(median), summary(20, micros, micros - 2, micros + 2, micros, 1),
                OptionalDouble.of(Math.round(median / 0.63 * 10) / 10.0), verified);
    }

    /**
     * Two H200s (devices 0 and 1, nodes 0 and 1), each alone at about 53 GB/s; together each gets
     * about half (a shared switch, say): h2d 27.10 + 27.05, aggregate 53.90 against 105.23 alone;
     * d2h 30.00 + 29.50, aggregate 59.00 against 106.90, device 1's data wrong at byte 8.
     */
    public static MultiDeviceResults concurrentReport() {
        BandwidthPlan plan = concurrentPlan();
        BandwidthResults gpu0 = new BandwidthResults(context(h200At(0, 0x17, 0)), plan,
                List.of(pinned("h2d", 52.63), pinned("d2h", 53.50)), List.of(), List.of());
        BandwidthResults gpu1 = new BandwidthResults(context(h200At(1, 0x97, 1)), plan,
                List.of(pinned("h2d", 52.60), pinned("d2h", 53.40)), List.of(), List.of());
        List<ConcurrentResult> together = List.of(
                new ConcurrentResult("pinned", "h2d", MIB16, List.of(share(0, 27.10, true), share(1, 27.05, true)),
                        around(53.90), OptionalDouble.empty()),
                new ConcurrentResult("pinned", "d2h", MIB16, List.of(share(0, 30.00, true), share(1, 29.50, false)),
                        around(59.00), OptionalDouble.empty()));
        List<BandwidthResults> devices = List.of(gpu0, gpu1);
        return new MultiDeviceResults(plan, devices, Optional.of(MultiDeviceResults.withAloneSums(together, devices)),
                Optional.empty(), List.of(new VerificationFailure("concurrent pinned h2d+d2h 16777216 B on device 1", 8,
                (byte) 0x3c, (byte) 0xa5)));
    }

    // ---- p2p on three GPUs

    public static BandwidthPlan peerPlan() {
        return new BandwidthPlan(List.of(MIB16), List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.PINNED),
                List.of(CopyDirection.P2P), 20, 5, CopyTimer.EVENTS);
    }

    private static PeerResult pair(int src, int dst, boolean access, double gbps, double bidir, boolean verified) {
        return new PeerResult(src, dst, MIB16, access, around(gbps), around(bidir), verified, true);
    }

    /**
     * Three GPUs: 0 and 1 reach each other (NVLink, say: about 390 GB/s one way, 750 both ways);
     * 2 reaches neither, so its copies go through host memory (about 20 GB/s). 2 to 1 came back
     * wrong one way at byte 4097.
     */
    public static MultiDeviceResults peerReport() {
        BandwidthPlan plan = peerPlan();
        List<BandwidthResults> devices = List.of(
                new BandwidthResults(context(h200At(0, 0x17, 0)), plan, List.of(), List.of(), List.of()),
                new BandwidthResults(context(h200At(1, 0x97, 1)), plan, List.of(), List.of(), List.of()),
                new BandwidthResults(context(h200At(2, 0xC1, 1)), plan, List.of(), List.of(), List.of()));
        List<PeerResult> pairs = List.of(
                pair(0, 1, true, 390.12, 750.5, true),
                pair(0, 2, false, 20.5, 38.25, true),
                pair(1, 0, true, 389.8, 751.0, true),
                pair(1, 2, false, 20.4, 38.0, true),
                pair(2, 0, false, 21.0, 38.5, true),
                pair(2, 1, false, 20.9, 38.4, false));
        return new MultiDeviceResults(plan, devices, Optional.empty(), Optional.of(pairs),
                List.of(new VerificationFailure("p2p 2->1 16777216 B", 4097, (byte) 0x3c, (byte) 0xa5)));
    }

    // ---- p2p over pairs drawn with --pairs on four GPUs

    /**
     * 32 MiB, a size no other golden document's p2p rows have: the golden documents' OpenMetrics
     * files share one textfile directory in PrometheusConsumersTest, where a pair at the same size
     * on the same fixture host would be written twice.
     */
    private static final long MIB32 = 32L << 20;

    /** --device 0,1,2,3 --direction p2p --pairs 3 --size 32MiB (the default seed, 1). */
    public static BandwidthPlan peerPairsPlan() {
        return new BandwidthPlan(List.of(MIB32), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.P2P), 20, 5,
                CopyTimer.EVENTS).withPairs(new dev.xfer.app.bandwidth.PairChoice.Sampled(3,
                dev.xfer.app.bandwidth.PairChoice.DEFAULT_SEED));
    }

    /**
     * Four GPUs, the three pairs {@code --pairs 3} drew among their twelve measured (all with
     * peer access, about 390 GB/s one way), the other nine not.
     */
    public static MultiDeviceResults peerPairsReport() {
        BandwidthPlan plan = peerPairsPlan();
        List<Integer> gpus = List.of(0, 1, 2, 3);
        List<BandwidthResults> devices = gpus.stream().map(i -> new BandwidthResults(
                context(h200At(i, 0x17 + 0x40 * i, i / 2)), plan, List.<BandwidthResult>of(),
                List.<VerificationFailure>of(), List.<String>of())).toList();
        List<PeerResult> pairs = new java.util.ArrayList<>();
        double step = 0;
        for (dev.xfer.app.bandwidth.GpuPair p : plan.pairs().resolve(gpus)) {
            pairs.add(new PeerResult(p.src(), p.dst(), MIB32, true, around(390.25 - step), around(750.5 - step), true,
                    true));
            step += 1.5;
        }
        return new MultiDeviceResults(plan, devices, Optional.empty(), Optional.of(pairs), List.of());
    }

    // ---- p2p in both forms, by the driver and the copy kernel, on two GPUs

    private static final long MIB64 = 64L << 20;

    /** --device 0,1 --direction p2p --initiation write,read --copy driver,kernel --size 64MiB. */
    public static BandwidthPlan peerReadPlan() {
        return new BandwidthPlan(List.of(MIB64), List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.PINNED),
                List.of(CopyDirection.P2P), 20, 5, CopyTimer.EVENTS, List.of(CopyPath.DRIVER, CopyPath.KERNEL),
                BandwidthPlan.DEFAULT_STAGING).withPeerInitiations(List.of(Initiation.WRITE, Initiation.READ));
    }

    private static PeerResult pair(int src, int dst, double gbps, CopyPath copy, Initiation initiation,
                                   boolean bidirVerified) {
        return new PeerResult(src, dst, MIB64, true, around(gbps), around(2 * gbps - 40), true, bidirVerified, copy,
                initiation);
    }

    /**
     * Two GPUs that reach each other (NVLink, say), at 64 MiB, so no row shares an identity with
     * {@link #peerReport()}'s: each form by the driver (about 383 GB/s one way) and by the copy
     * kernel (the read form a little slower than the write form); both ways by the copy kernel in
     * the read form, the copy into GPU 0 came back wrong at byte 65536.
     */
    public static MultiDeviceResults peerReadReport() {
        BandwidthPlan plan = peerReadPlan();
        List<BandwidthResults> devices = List.of(
                new BandwidthResults(context(h200At(0, 0x17, 0)), plan, List.of(), List.of(), List.of()),
                new BandwidthResults(context(h200At(1, 0x97, 1)), plan, List.of(), List.of(), List.of()));
        List<PeerResult> pairs = List.of(
                pair(0, 1, 383.5, CopyPath.DRIVER, Initiation.WRITE, true),
                pair(0, 1, 371.25, CopyPath.KERNEL, Initiation.WRITE, true),
                pair(1, 0, 383.25, CopyPath.DRIVER, Initiation.WRITE, true),
                pair(1, 0, 370.75, CopyPath.KERNEL, Initiation.WRITE, true),
                pair(0, 1, 382.75, CopyPath.DRIVER, Initiation.READ, true),
                pair(0, 1, 352.5, CopyPath.KERNEL, Initiation.READ, true),
                pair(1, 0, 382.5, CopyPath.DRIVER, Initiation.READ, true),
                pair(1, 0, 351.0, CopyPath.KERNEL, Initiation.READ, false));
        return new MultiDeviceResults(plan, devices, Optional.empty(), Optional.of(pairs),
                List.of(new VerificationFailure("p2p-bidir-read kernel 1<->0 67108864 B (into device 0)", 65536,
                        (byte) 0x3c, (byte) 0xa5)));
    }

    // ---- p2p by the TMA copy beside the driver's, in both forms, on two H200s and an A100

    /** 128 MiB, a size no other golden document's p2p rows have (see {@link #MIB32}). */
    private static final long MIB128 = 128L << 20;

    /** --device 0,1,2 --direction p2p --initiation write,read --copy driver,tma --size 128MiB. */
    public static BandwidthPlan peerTmaPlan() {
        return new BandwidthPlan(List.of(MIB128), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.P2P), 20, 5,
                CopyTimer.EVENTS, List.of(CopyPath.DRIVER, CopyPath.TMA), BandwidthPlan.DEFAULT_STAGING)
                .withPeerInitiations(List.of(Initiation.WRITE, Initiation.READ));
    }

    /** An A100 (compute capability 8.0, no bulk copies; Gen4 x16) at CUDA index {@code index} on PCI bus {@code bus}. */
    public static DeviceInfo a100At(int index, int bus, int node) {
        DeviceInfo h200 = h200At(index, bus, node);
        PcieLink gen4 = new PcieLink(PcieGeneration.GEN4, 16);
        PciDeviceInfo pci = h200.pci().orElseThrow();
        return new DeviceInfo(index, "NVIDIA A100-SXM4-80GB", 8, 0, 85_899_345_920L, 85_100_000_000L, 108, 3, true,
                h200.pciBusId(), Optional.of(new PciDeviceInfo(pci.address(), pci.numaNode(), pci.localCpulistText(),
                pci.localCpus(), Optional.of(gen4), Optional.of(gen4))), node).withUuid(h200.uuid().orElseThrow());
    }

    /**
     * Three GPUs that all reach each other: H200s 0 and 1 (about 383 GB/s one way by the driver,
     * NVLink, say), A100 2 (about 24 GB/s to and from either, PCIe). The driver copies every pair in
     * both forms; the TMA copy only 0 and 1, a little under the driver; every pair with GPU 2 has its
     * TMA rows waived, decided from the GPUs' compute capabilities as a run decides
     * ({@link dev.xfer.app.bandwidth.TmaSupport}, {@link PeerPlan#waivedPairs}), across the GPUs.
     */
    public static MultiDeviceResults peerTmaReport() {
        BandwidthPlan plan = peerTmaPlan();
        List<DeviceInfo> gpus = List.of(h200At(0, 0x17, 0), h200At(1, 0x97, 1), a100At(2, 0xE1, 1));
        Map<Integer, String> noTma = new LinkedHashMap<>();
        gpus.forEach(g -> new TmaSupport(g.computeMajor(), g.computeMinor()).absentBecause(g.index())
                .ifPresent(why -> noTma.put(g.index(), why)));
        List<Waiver> waived = new PeerPlan(plan, List.of(0, 1, 2))
                .waivedPairs(new PeerAbsences(Map.of(CopyPath.TMA, noTma)));
        List<BandwidthResults> devices = gpus.stream().map(g -> new BandwidthResults(context(g), plan,
                List.<BandwidthResult>of(), List.<VerificationFailure>of(), List.<String>of())).toList();
        List<PeerResult> pairs = new java.util.ArrayList<>();
        for (Initiation initiation : plan.peerInitiations()) {
            double less = initiation == Initiation.READ ? 1.5 : 0;
            for (int src = 0; src < 3; src++) {
                for (int dst = 0; dst < 3; dst++) {
                    if (src == dst) {
                        continue;
                    }
                    boolean nvlink = src < 2 && dst < 2;
                    double driver = (nvlink ? 383.25 : 24.5) - less - 0.25 * src;
                    pairs.add(new PeerResult(src, dst, MIB128, true, around(driver), around(2 * driver - 10), true,
                            true, CopyPath.DRIVER, initiation));
                    if (nvlink) {
                        double tma = 361.5 - 4 * less - 0.5 * src;
                        pairs.add(new PeerResult(src, dst, MIB128, true, around(tma), around(2 * tma - 30), true,
                                true, CopyPath.TMA, initiation));
                    }
                }
            }
        }
        return new MultiDeviceResults(plan, devices, Optional.empty(), Optional.of(pairs), List.of(), waived);
    }
}
