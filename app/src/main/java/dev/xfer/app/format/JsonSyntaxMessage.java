package dev.xfer.app.format;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a text is not JSON, in plain words. The parser's own messages (Jackson's) name its features
 * and classes ({@code enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow}), its token
 * kinds and a copy of the input ({@code [Source: (String)"..."]}): words for its programmers, not
 * for someone whose node wrote a broken file. The known messages are said again here; an unknown
 * one keeps its first clause, without code names, quoted source or character codes.
 */
public final class JsonSyntaxMessage {
    private record Rule(Pattern pattern, Function<Matcher, String> words) {
    }

    private static final String A_VALUE = "a value (text in double quotes, a number, an object, a list, true, false or null)";

    private static final List<Rule> RULES = List.of(
            rule("Unexpected character \\('(.*)' \\(code \\d+\\)\\): was expecting double-quote to start field name.*",
                    m -> "expected a field name in double quotes, found " + shown(m.group(1))),
            rule("Unexpected character \\('(.*)' \\(code \\d+\\)\\): was expecting a colon to separate field name and value.*",
                    m -> "expected ':' after the field name, found " + shown(m.group(1))),
            rule("Unexpected character \\('(.*)' \\(code \\d+\\)\\): was expecting comma to separate Object entries.*",
                    m -> "expected ',' or '}' after a field's value, found " + shown(m.group(1))),
            rule("Unexpected character \\('(.*)' \\(code \\d+\\)\\): was expecting comma to separate Array entries.*",
                    m -> "expected ',' or ']' after a list item, found " + shown(m.group(1))),
            rule("Unexpected character \\('(.*)' \\(code \\d+\\)\\): maybe a \\(non-standard\\) comment\\?.*",
                    m -> "JSON has no comments, found " + shown(m.group(1))),
            rule("Unexpected character \\('(.*)' \\(code \\d+\\)\\) in numeric value: .*plus sign.*",
                    m -> "a number may not start with '+'"),
            rule("Unexpected character \\('(.*)' \\(code \\d+\\)\\) in numeric value: ([^:]*?)(, for valid numeric value)?",
                    m -> "a malformed number: " + lowerFirst(m.group(2))),
            rule("Unexpected character \\('(.*)' \\(code \\d+\\)\\): expected a hex-digit.*",
                    m -> "\\u must be followed by four hex digits, found " + shown(m.group(1))),
            rule("Unexpected character \\('(.*)' \\(code \\d+\\)\\).*",
                    m -> "expected " + A_VALUE + ", found " + shown(m.group(1))),
            rule("Unexpected end-of-input in numeric value: ([^:]*?)(, for valid numeric value)?",
                    m -> "the text ends inside a number: " + lowerFirst(m.group(1))),
            rule("Unexpected end-of-input in numeric value.*",
                    m -> "the text ends inside a number"),
            rule("Unexpected end-of-input.*(escape|hex).*",
                    m -> "the text ends inside an escape (\\u and four hex digits)"),
            rule("Unexpected end-of-input within/between (Object|OBJECT) entries.*",
                    m -> "the text ends inside an object: a '}' is missing"),
            rule("Unexpected end-of-input within/between (Array|ARRAY) entries.*",
                    m -> "the text ends inside a list: a ']' is missing"),
            rule("Unexpected end-of-input: expected close marker for (Object|OBJECT).*",
                    m -> "the text ends inside an object: a '}' is missing"),
            rule("Unexpected end-of-input: expected close marker for (Array|ARRAY).*",
                    m -> "the text ends inside a list: a ']' is missing"),
            rule("Unexpected end-of-input.*closing quote.*",
                    m -> "the text ends inside a string: its closing '\"' is missing"),
            rule("Unexpected end-of-input.*",
                    m -> "the text ends before the document does"),
            rule("Unexpected close marker '(.)': no open (Array|Object) to close.*",
                    m -> "'" + m.group(1) + "' closes nothing that was opened"),
            rule("Unexpected close marker '(.)': expected '(.)' \\(for (Array|Object).*",
                    m -> "'" + m.group(1) + "' where '" + m.group(2) + "' should close the "
                            + (m.group(3).equals("Array") ? "list" : "object")),
            rule("Non-standard token '(.*)'.*",
                    m -> "'" + m.group(1) + "' is not a JSON number (JSON has no NaN or Infinity)"),
            rule("Unrecognized token '(.*)': was expecting.*",
                    m -> "'" + m.group(1) + "' is not " + A_VALUE),
            rule("Invalid numeric value: Leading zeroes not allowed.*",
                    m -> "a number may not start with 0 (as 01)"),
            rule("Invalid numeric value: (.*)",
                    m -> "a malformed number"),
            rule("Duplicate field '(.*)'.*",
                    m -> "the field \"" + m.group(1) + "\" appears twice in one object"),
            rule("Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*",
                    m -> String.format(Locale.ROOT, "a control character (U+%04X) in a string must be written escaped (\\u%04x)",
                            Integer.parseInt(m.group(1)), Integer.parseInt(m.group(1)))),
            rule("Unrecognized character escape '(.*)' \\(code \\d+\\).*",
                    m -> "\\" + m.group(1) + " is not an escape JSON knows"),
            rule("Invalid UTF-8.*",
                    m -> "not UTF-8 text"),
            rule("Document nesting depth \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
                    m -> "nested deeper than " + m.group(2) + " objects and lists"),
            rule("Number value length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
                    m -> "a number " + m.group(1) + " characters long; at most " + m.group(2) + " are read"),
            rule("String value length \\((\\d+)\\) exceeds the maximum (allowed|length) \\((\\d+).*",
                    m -> "a string " + m.group(1) + " characters long; at most " + m.group(3) + " are read"),
            rule("Name length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+).*",
                    m -> "a field name " + m.group(1) + " characters long; at most " + m.group(2) + " are read"));

    private JsonSyntaxMessage() {
    }

    private static Rule rule(String regex, Function<Matcher, String> words) {
        return new Rule(Pattern.compile(regex, Pattern.DOTALL), words);
    }

    /** {@code why} (the parser's message, without its location) in plain words; never empty. */
    public static String plain(String why) {
        if (why == null || why.isBlank()) {
            return "unreadable";
        }
        String first = why.strip();
        for (Rule rule : RULES) {
            Matcher m = rule.pattern().matcher(first);
            if (m.matches()) {
                return rule.words().apply(m);
            }
        }
        return generic(first);
    }

    // The first line, without what names the parser's insides: a quoted copy of the input, a
    // `feature` or `Class.method()` in backquotes, character codes.
    private static String generic(String why) {
        String line = why.lines().findFirst().orElse(why);
        line = line.replaceAll("\\s*\\[Source: .*", "");
        line = line.replaceAll("\\s*\\(for [^)]*$", "");
        line = line.replaceAll(":?\\s*(enable|disable)?\\s*`[^`]*`[^:;,)]*", "");
        line = line.replaceAll(" \\(code \\d+\\)", "");
        line = line.replaceAll("\\s*\\(\\s*\\)", "").strip();
        return line.isEmpty() ? "unreadable" : line;
    }

    private static String lowerFirst(String text) {
        return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }

    // A character as the user would look for it in the file.
    private static String shown(String character) {
        if (character.length() == 1 && Character.isISOControl(character.charAt(0))) {
            return String.format(Locale.ROOT, "the control character U+%04X", (int) character.charAt(0));
        }
        return "'" + character + "'";
    }
}
