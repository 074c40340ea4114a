package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.report.Json;
import dev.xfer.app.report.SummaryJson;

import java.util.ArrayList;
import java.util.List;

/** The GPU-to-GPU copies ({@code --direction p2p}) as the {@code p2p} array of a several-device document. */
public final class PeerJson {
    private PeerJson() {
    }

    /**
     * One object per ordered pair and size: {@code src}, {@code dst}, {@code bytes},
     * {@code peerAccess}, {@code gbps} and {@code bidirGbps} (summaries, GB/s; {@code median} is the
     * figure of the matrix), {@code verified}, {@code bidirVerified}.
     */
    public static List<Object> rows(List<PeerResult> results) {
        List<Object> rows = new ArrayList<>();
        for (PeerResult r : results) {
            rows.add(Json.object(
                    "src", r.src(),
                    "dst", r.dst(),
                    "bytes", r.bytes(),
                    "peerAccess", r.peerAccess(),
                    "gbps", SummaryJson.of(r.gigabytesPerSecond()),
                    "bidirGbps", SummaryJson.of(r.bidirGbps()),
                    "verified", r.verified(),
                    "bidirVerified", r.bidirVerified()));
        }
        return rows;
    }
}
