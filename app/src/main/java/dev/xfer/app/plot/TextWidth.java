package dev.xfer.app.plot;

/**
 * How wide a line of text will be in a chart, without a font to measure with: SVG leaves text
 * layout to the viewer, so charts size their margins from an estimate that errs wide. Widths are
 * in em (multiply by the font size): the widest advance of each class of character in DejaVu Sans
 * (the sans-serif of most Linux desktops and of headless Chromium) and Arial, rounded up; a fleet chart once cut its row labels off at the left edge ("'IDIA H200 · ...").
 */
final class TextWidth {
    /** A label longer than this many characters is cut, with an ellipsis: documents choose labels. */
    static final int MAX_CHARACTERS = 120;

    private TextWidth() {
    }

    /** The estimated width of {@code text} at {@code fontSize}, never less than the real one in common sans-serif fonts. */
    static double of(String text, double fontSize) {
        double em = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            em += em(cp);
        }
        return em * fontSize;
    }

    /** The text cut to {@link #MAX_CHARACTERS} code points, the last an ellipsis. */
    static String capped(String text) {
        if (text.codePointCount(0, text.length()) <= MAX_CHARACTERS) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, MAX_CHARACTERS - 1)) + "…";
    }

    private static double em(int cp) {
        if ("iIjlftr.,:;'|!()[]{}- ·/".indexOf(cp) >= 0) {
            return 0.42;
        }
        if ("mwMW@%".indexOf(cp) >= 0) {
            return 1.0;
        }
        if (Character.isUpperCase(cp) || "#&+=<>~".indexOf(cp) >= 0) {
            return 0.84;
        }
        if (cp < 0x80) {
            return 0.64;
        }
        // CJK and other wide scripts take a full em; other letters about as much as a capital.
        return Character.isIdeographic(cp) || Character.UnicodeScript.of(cp) == Character.UnicodeScript.HANGUL ? 1.0 : 0.8;
    }
}
