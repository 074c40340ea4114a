package dev.xfer.app.plot;

import java.util.List;

/**
 * One self-contained HTML page of charts: inline SVG, one inline style sheet, no script and
 * nothing fetched from anywhere (system fonts only), so it opens offline and prints (each chart
 * kept on one page).
 */
public final class HtmlReport {
    /** A document to draw and the name it is shown under (its file name, or the command that made it). */
    public record Source(String name, PlotDocument document) {
        /**
         * A document's text: a measuring command's own, drawn for --html.
         *
         * @throws dev.xfer.app.format.BindingException naming the field, for a document that does not bind
         */
        public Source(String name, String document) {
            this(name, PlotDocument.of(document));
        }
    }

    private static final String STYLE = """
            body { font-family: sans-serif; margin: 1.5em; color: #111; background: #fff; max-width: 940px; }
            h1 { font-size: 1.4em; margin-bottom: 0.2em; }
            h2 { font-size: 1.1em; margin: 1.6em 0 0.3em; border-bottom: 1px solid #999; }
            h3 { font-size: 1em; margin: 1em 0 0.3em; }
            figure { margin: 0 0 1.2em; }
            figure svg { max-width: 100%; height: auto; }
            p.note { font-style: italic; color: #333; }
            p.about { color: #333; font-size: 0.9em; }
            @media print {
              body { margin: 0; max-width: none; }
              figure, section.document > h2 { break-inside: avoid; page-break-inside: avoid; }
              h2 { break-after: avoid; page-break-after: avoid; }
            }
            """;

    private HtmlReport() {
    }

    public static String render(String title, List<Source> sources) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Svg.escape(title)).append("</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n")
                .append("<h1>").append(Svg.escape(title)).append("</h1>\n")
                .append("<p class=\"about\">Drawn by xfer plot from xfer results documents; GB/s are 1e9 bytes per "
                        + "second. Hover a mark for its figures.</p>\n");
        int n = 0;
        for (Source source : sources) {
            html.append("<section class=\"document\">\n<h2>").append(Svg.escape(source.name())).append("</h2>\n");
            List<DocumentCharts.Figure> figures;
            try {
                figures = new DocumentCharts("d" + n++ + "-").figures(source.document());
            } catch (IllegalArgumentException e) {
                // A document whose bound fields cannot be drawn (an operation ending before it starts).
                throw new IllegalArgumentException(source.name() + ": cannot draw it: " + e.getMessage(), e);
            }
            for (DocumentCharts.Figure f : figures) {
                html.append("<figure>\n");
                if (f.isChart()) {
                    html.append(f.svg());
                } else {
                    html.append("<h3>").append(Svg.escape(f.heading())).append("</h3>\n<p class=\"note\">")
                            .append(Svg.escape(f.note())).append("</p>\n");
                }
                html.append("</figure>\n");
            }
            html.append("</section>\n");
        }
        return html.append("</body>\n</html>\n").toString();
    }
}
