package dev.xfer.app.commands;

/** How a measuring command prints its results. */
public enum OutputFormat {
    TEXT, JSON, CSV, JSONL
}
