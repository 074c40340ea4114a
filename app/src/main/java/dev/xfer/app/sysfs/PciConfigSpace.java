package dev.xfer.app.sysfs;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The bytes of a PCI function's configuration space as sysfs {@code config} gives them: 64 bytes
 * (the header) to an unprivileged reader, 256 or 4096 to root. Offsets are little-endian, as the
 * PCI specification lays them out.
 */
public final class PciConfigSpace {
    /** The standard (PCI-compatible) space: the header and the capability list. */
    public static final int STANDARD_LENGTH = 256;
    /** The PCIe extended space: extended capabilities from 0x100 on. */
    public static final int EXTENDED_LENGTH = 4096;
    /** The PCI Express capability's id in the standard list. */
    public static final int PCI_EXPRESS_CAPABILITY = 0x10;
    /** Access Control Services' id in the extended list. */
    public static final int ACS_EXTENDED_CAPABILITY = 0x000D;

    private static final int STATUS = 0x06;
    private static final int STATUS_CAPABILITY_LIST = 1 << 4;
    private static final int CAPABILITY_POINTER = 0x34;
    private static final int FIRST_EXTENDED = 0x100;
    private static final int HEADER_END = 0x40;

    private final byte[] bytes;

    public PciConfigSpace(byte[] bytes) {
        this.bytes = bytes.clone();
    }

    /** How many bytes were read. */
    public int length() {
        return bytes.length;
    }

    /** Whether the whole standard space was read, so the capability list can be walked. */
    public boolean coversStandard() {
        return bytes.length >= STANDARD_LENGTH;
    }

    /** Whether the extended space was read too. */
    public boolean coversExtended() {
        return bytes.length >= EXTENDED_LENGTH;
    }

    public int u8(int offset) {
        check(offset, 1);
        return bytes[offset] & 0xff;
    }

    public int u16(int offset) {
        check(offset, 2);
        return (bytes[offset] & 0xff) | (bytes[offset + 1] & 0xff) << 8;
    }

    public long u32(int offset) {
        check(offset, 4);
        return (u16(offset) | (long) u16(offset + 2) << 16) & 0xffffffffL;
    }

    private void check(int offset, int size) {
        if (offset < 0 || offset + size > bytes.length) {
            throw new IndexOutOfBoundsException("config offset 0x" + Integer.toHexString(offset) + " beyond the "
                    + bytes.length + " bytes read");
        }
    }

    /**
     * The offset of the standard capability {@code id}, walking the list from the pointer at 0x34;
     * empty when the function has none. A list that loops or points outside the space ends the walk.
     *
     * @throws IllegalStateException when the standard space was not read whole
     */
    public Optional<Integer> capability(int id) {
        if (!coversStandard()) {
            throw new IllegalStateException("the capability list needs the 256-byte standard space, read "
                    + bytes.length);
        }
        if ((u16(STATUS) & STATUS_CAPABILITY_LIST) == 0) {
            return Optional.empty();
        }
        Set<Integer> seen = new HashSet<>();
        int pointer = u8(CAPABILITY_POINTER) & 0xfc;
        while (pointer >= HEADER_END && pointer + 2 <= bytes.length && seen.add(pointer)) {
            if (u8(pointer) == id) {
                return Optional.of(pointer);
            }
            pointer = u8(pointer + 1) & 0xfc;
        }
        return Optional.empty();
    }

    /**
     * The offset of the extended capability {@code id}, walking from 0x100; empty when there is none.
     *
     * @throws IllegalStateException when the extended space was not read
     */
    public Optional<Integer> extendedCapability(int id) {
        if (!coversExtended()) {
            throw new IllegalStateException("extended capabilities need the 4096-byte space, read " + bytes.length);
        }
        Set<Integer> seen = new HashSet<>();
        int pointer = FIRST_EXTENDED;
        while (pointer >= FIRST_EXTENDED && pointer + 4 <= bytes.length && seen.add(pointer)) {
            long header = u32(pointer);
            if (header == 0 || header == 0xffffffffL) {
                return Optional.empty();
            }
            if ((header & 0xffff) == id) {
                return Optional.of(pointer);
            }
            pointer = (int) (header >>> 20) & 0xffc;
        }
        return Optional.empty();
    }

    /** A copy with {@code value} written at {@code offset}, little-endian, {@code size} bytes; for fixtures. */
    public PciConfigSpace with(int offset, int size, long value) {
        check(offset, size);
        byte[] copy = bytes.clone();
        for (int i = 0; i < size; i++) {
            copy[offset + i] = (byte) (value >>> (8 * i));
        }
        return new PciConfigSpace(copy);
    }

    /** The bytes, copied. */
    public byte[] bytes() {
        return bytes.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PciConfigSpace space && Arrays.equals(bytes, space.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
