package dev.xfer.app.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every link in README.md and docs/ leads to a file that exists, and to a heading in it where one is named. */
class DocumentationLinksTest {

    @Test
    void everyLinkResolves() {
        Path root = RepositoryFiles.root();
        List<String> broken = new ArrayList<>();
        for (Path file : RepositoryFiles.markdown()) {
            for (Markdown.Link link : Markdown.links(RepositoryFiles.read(file))) {
                String problem = problem(file, link.target());
                if (problem != null) {
                    broken.add(root.relativize(file) + ":" + link.line() + ": " + link.target() + ": " + problem);
                }
            }
        }
        assertTrue(broken.isEmpty(), "broken links:\n" + String.join("\n", broken));
    }

    @Test
    void theCheckerSeesABrokenLink() {
        Path readme = RepositoryFiles.root().resolve("README.md");
        assertTrue(problem(readme, "docs/no-such-page.md") != null);
        assertTrue(problem(readme, "#no-such-heading") != null);
        assertTrue(problem(readme, "docs/methodology.md#no-such-heading") != null);
        assertTrue(problem(readme, "docs/methodology.md") == null);
    }

    /** Why the link from {@code file} to {@code target} is broken, or null when it is not. */
    private static String problem(Path file, String target) {
        if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
            return null; // http:, https:, mailto: leave the repository; nothing here can check them offline
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
        if (!Files.exists(resolved)) {
            return "no such file " + resolved;
        }
        if (hash < 0) {
            return null;
        }
        String anchor = target.substring(hash + 1);
        if (!resolved.toString().endsWith(".md")) {
            return "an anchor into a file that is not Markdown";
        }
        return Markdown.anchors(RepositoryFiles.read(resolved)).contains(anchor) ? null : "no heading #" + anchor;
    }
}
