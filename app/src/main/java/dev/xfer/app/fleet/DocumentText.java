package dev.xfer.app.fleet;

import dev.xfer.app.format.IoReason;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A document's text, read with a cap, so that no file makes xfer hold more than
 * {@link #MAX_BYTES} of it: a larger regular file is refused from its size before a byte is read,
 * and a device or a pipe ({@code /dev/zero}, {@code /dev/urandom}) is refused as soon as it
 * passes the cap, or sooner, at its first NUL byte or the first bytes that are not UTF-8, which no
 * JSON text holds.
 */
public final class DocumentText {
    /**
     * The largest document read: 64 MiB. xfer's own documents are kilobytes (a 4 GiB sweep over
     * every memory kind is about 200 KB), so this leaves room for documents of many GPUs and
     * keeps a mistaken argument from filling the Java heap (docs/fleets.md).
     */
    public static final long MAX_BYTES = 64L << 20;

    private DocumentText() {
    }

    /**
     * The UTF-8 text of {@code file}.
     *
     * @throws BadDocumentException naming the file and why: missing, unreadable, larger than
     *         {@link #MAX_BYTES}, holding a NUL byte, or not UTF-8
     */
    public static String read(Path file) {
        return read(file, MAX_BYTES);
    }

    static String read(Path file, long maxBytes) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new BadDocumentException(file, "no such file or directory");
        } catch (IOException e) {
            throw new BadDocumentException(file, "cannot read: " + IoReason.of(e, file));
        }
        if (attributes.isDirectory()) {
            throw new BadDocumentException(file, "is a folder, not a document");
        }
        if (attributes.isRegularFile() && attributes.size() > maxBytes) {
            throw tooLarge(file, maxBytes);
        }
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        int expected = attributes.isRegularFile() ? (int) attributes.size() : 8192;
        StringBuilder text = new StringBuilder(expected);
        try (InputStream raw = Files.newInputStream(file);
             Reader in = new InputStreamReader(new Capped(raw, maxBytes), decoder)) {
            char[] chunk = new char[8192];
            for (int n; (n = in.read(chunk)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (chunk[i] == 0) {
                        throw new BadDocumentException(file, "not JSON: it holds a NUL byte (after "
                                + (text.length() + i) + " characters)");
                    }
                }
                text.append(chunk, 0, n);
            }
        } catch (Capped.TooLarge e) {
            throw tooLarge(file, maxBytes);
        } catch (CharacterCodingException e) {
            throw new BadDocumentException(file, "not JSON: not UTF-8 text");
        } catch (IOException e) {
            throw new BadDocumentException(file, "cannot read: " + IoReason.of(e, file));
        }
        return text.toString();
    }

    private static BadDocumentException tooLarge(Path file, long maxBytes) {
        return new BadDocumentException(file, "larger than the " + (maxBytes >> 20) + " MiB a document may be"
                + " (xfer reads no larger one; see docs/fleets.md)");
    }

    /** Passes at most {@code limit} bytes, then throws {@link TooLarge}. */
    private static final class Capped extends InputStream {
        private static final class TooLarge extends IOException {
            private static final long serialVersionUID = 1L;
        }

        private final InputStream in;
        private final long limit;
        private long passed;

        Capped(InputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            int n = in.read(bytes, offset, (int) Math.min(length, limit + 1 - passed));
            if (n > 0) {
                passed += n;
                if (passed > limit) {
                    throw new TooLarge();
                }
            }
            return n;
        }
    }
}
