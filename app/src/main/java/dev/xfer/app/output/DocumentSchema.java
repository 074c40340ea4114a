package dev.xfer.app.output;

/**
 * The version of the JSON documents xfer writes: {@code docs/schema/xfer-<VERSION>.schema.json}.
 * It lives here, below the commands, because engines (smoke) write documents too.
 */
public final class DocumentSchema {
    /** Bumped only when a field is renamed, removed, or changes meaning or unit (docs/development.md). */
    public static final int VERSION = 1;

    private DocumentSchema() {
    }
}
