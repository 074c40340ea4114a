package dev.xfer.app.docs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The parts of GitHub-flavoured Markdown the documentation checks need: headings' anchors, links, prose. */
final class Markdown {
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");

    private Markdown() {
    }

    /** A link as written: its target and the 1-based line it is on. */
    record Link(String target, int line) {
    }

    /**
     * GitHub's anchor for a heading: lower case, markup and punctuation dropped (letters, digits,
     * spaces, hyphens and underscores stay), each space a hyphen.
     */
    static String slug(String heading) {
        String text = LINK.matcher(heading).replaceAll("$1").toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.appendCodePoint(c);
            } else if (c == ' ') {
                out.append('-');
            }
        });
        return out.toString();
    }

    /** Every heading's anchor; a repeated heading gets -1, -2, ... as on GitHub. */
    static Set<String> anchors(String markdown) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(markdown)) {
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                String slug = slug(m.group(1));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return anchors;
    }

    /** Every inline link and image outside code blocks and code spans. */
    static List<Link> links(String markdown) {
        List<Link> links = new ArrayList<>();
        List<String> lines = prose(markdown);
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = LINK.matcher(CODE_SPAN.matcher(lines.get(i)).replaceAll(""));
            while (m.find()) {
                links.add(new Link(m.group(2), i + 1));
            }
        }
        return links;
    }

    /** The document's lines with fenced code blocks blanked (kept as empty lines, so numbers stay). */
    static List<String> prose(String markdown) {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                out.add("");
            } else {
                out.add(fenced ? "" : line);
            }
        }
        return out;
    }
}
