package dev.xfer.app.expect;

import dev.xfer.app.units.InputText;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the text of one {@code --expect} option; the grammar is in the package documentation. */
final class ExpectationParser {

    private static final String OPERATOR_CHARS = "<>=!";
    private static final Pattern NUMBER =
            Pattern.compile("[+-]?[0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");
    private static final String OPERATORS = "use >=, >, <=, <, == or !=";
    private static final String UNITS = "use GB/s, MB/s, %link, x, ms, us or ns, or no unit";

    private ExpectationParser() {
    }

    static Expectation parse(String text) {
        Objects.requireNonNull(text, "text");
        String stripped = text.strip();
        if (stripped.isEmpty()) {
            throw new ExpectationSyntaxException(text,
                    "it is empty; expected NAME OP VALUE[UNIT], such as pinned.h2d >= 20GB/s");
        }
        int opStart = indexOfOperator(stripped);
        if (opStart < 0) {
            throw new ExpectationSyntaxException(text, "there is no comparison (" + OPERATORS + ")");
        }
        // The whole run of operator characters is the operator, so "=>" and ">==" are named as
        // they were typed instead of being half read.
        int opEnd = opStart;
        while (opEnd < stripped.length() && OPERATOR_CHARS.indexOf(stripped.charAt(opEnd)) >= 0) {
            opEnd++;
        }
        String nameText = stripped.substring(0, opStart).strip();
        String opText = stripped.substring(opStart, opEnd);
        String boundText = stripped.substring(opEnd).strip();

        if (nameText.isEmpty()) {
            throw new ExpectationSyntaxException(text, "the result name before " + opText + " is missing");
        }
        MetricName name;
        try {
            name = MetricName.parse(nameText);
        } catch (IllegalArgumentException e) {
            throw new ExpectationSyntaxException(text,
                    InputText.quote(nameText) + " is not a result name: " + e.getMessage());
        }
        Relation op = Relation.fromSymbol(opText).orElseThrow(() -> new ExpectationSyntaxException(
                text, InputText.quote(opText) + " is not a comparison (" + OPERATORS + ")"));
        if (boundText.isEmpty()) {
            throw new ExpectationSyntaxException(text, "the value after " + opText + " is missing");
        }
        Matcher number = NUMBER.matcher(boundText);
        if (!number.lookingAt()) {
            throw new ExpectationSyntaxException(text, InputText.quote(boundText) + " is not a number");
        }
        double value = Double.parseDouble(number.group());
        if (Double.isInfinite(value)) {
            throw new ExpectationSyntaxException(text, InputText.quote(number.group()) + " is out of range");
        }
        String unitText = boundText.substring(number.end()).strip();
        BoundUnit unit = BoundUnit.fromSymbol(unitText).orElseThrow(() -> new ExpectationSyntaxException(
                text, "unknown unit " + InputText.quote(unitText) + " (" + UNITS + ")"));
        return new Expectation(name.toString(), op, value, unit);
    }

    private static int indexOfOperator(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (OPERATOR_CHARS.indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }
}
