package dev.xfer.app.expect;

import dev.xfer.app.units.InputText;

/** The prefix that names one {@code --expect} option in every message about it. */
final class Quoted {
    private Quoted() {
    }

    /** The prefix of every message about one {@code --expect} option: {@code --expect 'TEXT': }. */
    static String option(String text) {
        return "--expect " + InputText.quote(text) + ": ";
    }
}
