package dev.xfer.app.output;

import dev.xfer.app.result.IdentityField;

import java.util.Map;

/**
 * A command's {@code parameters} in its document: the plan it ran. A command's own record
 * implements it; {@link NoParameters} where there are none.
 */
public interface Parameters {
    /**
     * The identity fields the plan shares with every row it measured ({@code into}, whose paths
     * start {@code parameters.}): its scalars that say what every row is (overlap's {@code streams},
     * a timer other than events). Lists, the NUMA node choice and nested records are the rows' own
     * to say, so they are none of these.
     */
    void identity(IdentityFields into);

    /** The identity fields of {@link #identity}, each refused at {@code parameters.} as the plan writes it. */
    default Map<IdentityField, Object> identities() {
        IdentityFields fields = new IdentityFields("parameters.");
        identity(fields);
        return fields.values();
    }
}
