package dev.xfer.app.output;

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
}
