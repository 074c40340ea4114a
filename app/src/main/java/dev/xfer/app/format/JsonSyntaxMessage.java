package dev.xfer.app.format;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a text is not JSON, in plain words. The parser's own messages (Jackson's) name its features
 * and classes ({@code enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow}), its token
 * kinds and a copy of the input ({@code [Source: (String)"..."]}): words for its programmers, not
 * for someone whose node wrote a broken file. The known messages are said again here, a table of
 * Jackson's wording and xfer's; an unknown one keeps its first clause, without code names, quoted
 * source or character codes. Jackson has no setting for its messages' words, so this stays ours.
 */
final class JsonSyntaxMessage {
    private static final String A_VALUE = "a value (text in double quotes, a number, an object, a list, true, false or null)";
    private static final String CHARACTER = "Unexpected character \\('(.*)' \\(code \\d+\\)\\)";

    /**
     * Jackson's message (matched whole) and xfer's words for it: {@code $1} a group, {@code $L1}
     * the group with its first letter in lower case, {@code $X1} and {@code $x1} its number in hex.
     */
    private static final String[][] RULES = {
            {CHARACTER + ": was expecting double-quote to start field name.*", "expected a field name in double quotes, found '$1'"},
            {CHARACTER + ": was expecting a colon to separate field name and value.*", "expected ':' after the field name, found '$1'"},
            {CHARACTER + ": was expecting comma to separate Object entries.*", "expected ',' or '}' after a field's value, found '$1'"},
            {CHARACTER + ": was expecting comma to separate Array entries.*", "expected ',' or ']' after a list item, found '$1'"},
            {CHARACTER + ": maybe a \\(non-standard\\) comment\\?.*", "JSON has no comments, found '$1'"},
            {CHARACTER + " in numeric value: .*plus sign.*", "a number may not start with '+'"},
            {CHARACTER + " in numeric value: ([^:]*?)(, for valid numeric value)?", "a malformed number: $L2"},
            {CHARACTER + ": expected a hex-digit.*", "\\u must be followed by four hex digits, found '$1'"},
            {CHARACTER + ".*", "expected " + A_VALUE + ", found '$1'"},
            {"Unexpected end-of-input in numeric value: ([^:]*?)(, for valid numeric value)?", "the text ends inside a number: $L1"},
            {"Unexpected end-of-input in numeric value.*", "the text ends inside a number"},
            {"Unexpected end-of-input.*(escape|hex).*", "the text ends inside an escape (\\u and four hex digits)"},
            {"Unexpected end-of-input(: expected close marker for| within/between) (Object|OBJECT).*", "the text ends inside an object: a '}' is missing"},
            {"Unexpected end-of-input(: expected close marker for| within/between) (Array|ARRAY).*", "the text ends inside a list: a ']' is missing"},
            {"Unexpected end-of-input.*closing quote.*", "the text ends inside a string: its closing '\"' is missing"},
            {"Unexpected end-of-input.*", "the text ends before the document does"},
            {"Unexpected close marker '(.)': no open (Array|Object) to close.*", "'$1' closes nothing that was opened"},
            {"Unexpected close marker '(.)': expected '(.)' \\(for Array.*", "'$1' where '$2' should close the list"},
            {"Unexpected close marker '(.)': expected '(.)' \\(for Object.*", "'$1' where '$2' should close the object"},
            {"Non-standard token '(.*)'.*", "'$1' is not a JSON number (JSON has no NaN or Infinity)"},
            {"Unrecognized token '(.*)': was expecting.*", "'$1' is not " + A_VALUE},
            {"Invalid numeric value: Leading zeroes not allowed.*", "a number may not start with 0 (as 01)"},
            {"Invalid numeric value: (.*)", "a malformed number"},
            {"Duplicate field '(.*)'.*", "the field \"$1\" appears twice in one object"},
            {"Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*", "a control character (U+$X1) in a string must be written escaped (\\u$x1)"},
            {"Unrecognized character escape '(.*)' \\(code \\d+\\).*", "\\$1 is not an escape JSON knows"},
            {"Invalid UTF-8.*", "not UTF-8 text"},
            {"Document nesting depth \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*", "nested deeper than $2 objects and lists"},
            {"Number value length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*", "a number $1 characters long; at most $2 are read"},
            {"String value length \\((\\d+)\\) exceeds the maximum (allowed|length) \\((\\d+).*", "a string $1 characters long; at most $3 are read"},
            {"Name length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*", "a field name $1 characters long; at most $2 are read"},
    };

    private JsonSyntaxMessage() {
    }

    /** {@code why} (the parser's message, without its location) in plain words; never empty. */
    static String plain(String why) {
        String first = why == null ? "" : why.strip();
        for (String[] rule : RULES) {
            Matcher m = Pattern.compile(rule[0], Pattern.DOTALL).matcher(first);
            if (m.matches()) {
                String words = rule[1];
                for (int i = m.groupCount(); i > 0; i--) {
                    String group = m.group(i) == null ? "" : m.group(i);
                    words = words.replace("$L" + i, group.isEmpty() ? "" : Character.toLowerCase(group.charAt(0)) + group.substring(1));
                    if (words.contains("x" + i)) {
                        int code = Integer.parseInt(group);
                        words = words.replace("$X" + i, "%04X".formatted(code)).replace("$x" + i, "%04x".formatted(code));
                    }
                    words = words.replace("$" + i, group);
                }
                return words;
            }
        }
        // An unknown message: its first line, without what names the parser's insides: a quoted copy
        // of the input, a `feature` or `Class.method()` in backquotes, character codes.
        String line = first.lines().findFirst().orElse("").replaceAll("\\s*\\[Source: .*", "").replaceAll("\\s*\\(for [^)]*$", "")
                .replaceAll(":?\\s*(enable|disable)?\\s*`[^`]*`[^:;,)]*", "").replaceAll(" \\(code \\d+\\)", "")
                .replaceAll("\\s*\\(\\s*\\)", "").strip();
        return line.isEmpty() ? "unreadable" : line;
    }
}
