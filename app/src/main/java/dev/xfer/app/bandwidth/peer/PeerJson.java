package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.SummaryJson;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The GPU-to-GPU copies ({@code --direction p2p}) as the {@code p2p} array of a several-device document. */
public final class PeerJson {
    private PeerJson() {
    }

    /**
     * One object per ordered pair and size: {@code src}, {@code dst}, {@code bytes},
     * {@code peerAccess}, {@code gbps} and {@code bidirGbps} (summaries, GB/s; {@code median} is the
     * figure of the matrix), {@code verified}, {@code bidirVerified}; a pair copied by xfer's copy
     * kernel ({@code --copy kernel}) also {@code "copy": "kernel"}, and one in the read form
     * ({@code --initiation read}) {@code "initiation": "read"}. The write form's rows say neither,
     * so they stay exactly as every document before the read form wrote them.
     */
    public static List<Object> rows(List<PeerResult> results) {
        List<Object> rows = new ArrayList<>();
        for (PeerResult r : results) {
            Map<String, Object> row = Json.object(
                    "src", r.src(),
                    "dst", r.dst(),
                    "bytes", r.bytes(),
                    "peerAccess", r.peerAccess(),
                    "gbps", SummaryJson.of(r.gigabytesPerSecond()),
                    "bidirGbps", SummaryJson.of(r.bidirGbps()),
                    "verified", r.verified(),
                    "bidirVerified", r.bidirVerified());
            if (r.copy() != CopyPath.DRIVER) {
                row.put("copy", r.copy().label());
            }
            if (r.initiation() != Initiation.WRITE) {
                row.put("initiation", r.initiation().label());
            }
            rows.add(row);
        }
        return rows;
    }
}
