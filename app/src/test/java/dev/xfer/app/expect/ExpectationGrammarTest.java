package dev.xfer.app.expect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ExpectationGrammarTest {

    private static final Pattern QUOTED_EXAMPLE = Pattern.compile("--expect '([^']+)'");

    @Test
    void helpLinesFitATerminal() {
        for (String text : List.of(ExpectationGrammar.grammarHelp())) {
            text.lines().forEach(line -> assertTrue(line.length() < 80, line));
            assertTrue(text.endsWith("\n"));
        }
    }

    @Test
    void theExamplesInTheHelpAreValidAndCanonical() {
        Matcher m = QUOTED_EXAMPLE.matcher(ExpectationGrammar.grammarHelp());
        int examples = 0;
        while (m.find()) {
            assertEquals(m.group(1), Expectation.parse(m.group(1)).toString());
            examples++;
        }
        assertEquals(4, examples);
    }

    @Test
    void theHelpNamesEveryOperatorAndUnit() {
        String help = ExpectationGrammar.grammarHelp();
        for (Relation op : Relation.values()) {
            assertTrue(help.contains(" " + op.symbol() + " "), op.symbol());
        }
        for (BoundUnit unit : BoundUnit.values()) {
            assertTrue(help.contains(unit == BoundUnit.NONE ? "none" : unit.symbol()), unit.symbol());
        }
    }
}
