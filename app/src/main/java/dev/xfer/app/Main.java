package dev.xfer.app;

/** Entry point of the xfer command line. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.out.println("xfer");
    }
}
