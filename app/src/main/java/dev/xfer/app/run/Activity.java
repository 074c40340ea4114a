package dev.xfer.app.run;

import java.util.concurrent.atomic.AtomicReference;

/** What the run is doing now, so a time limit can say where it struck. Written by one thread, read by another. */
public final class Activity {
    private final AtomicReference<String> now = new AtomicReference<>("starting");

    public void set(String what) {
        now.set(what);
    }

    public String now() {
        return now.get();
    }
}
