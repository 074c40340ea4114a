package dev.xfer.app.format;

/**
 * A document's field that does not fit its record: the field's path in the document
 * ({@code results[0].gbps.median}) and what is wrong in plain words ({@code expected a number, got
 * null}). {@code result/DocumentException} adds the file's name in front. It stays xfer's own so
 * that every reader (and a record's own check, {@code FieldChecks}) refuses a field the same way,
 * path and words apart, with no Jackson type in its signature.
 */
public final class BindingException extends IllegalArgumentException {
    private final String path;
    private final String why;

    public BindingException(String path, String why) {
        super(path.isEmpty() ? why : path + ": " + why);
        this.path = path;
        this.why = why;
    }

    /** {@code path: expected <expected>, got <got>}, {@code got} in {@link NodeKind}'s words. */
    public static BindingException wrong(String path, String expected, String got) {
        return new BindingException(path, "expected " + expected + ", got " + got);
    }

    /** The field's path, {@code ""} for the document itself. */
    public String path() {
        return path;
    }

    /** What is wrong, without the path. */
    public String why() {
        return why;
    }
}
