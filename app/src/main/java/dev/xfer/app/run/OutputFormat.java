package dev.xfer.app.run;

/** How a measuring command prints its results. */
public enum OutputFormat {
    TEXT, JSON, CSV, JSONL
}
