package dev.gatlingllm.stream;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;

/** Short, actionable descriptions of transport failures for KO messages. */
final class TransportErrors {
  /** The KO message of a request that could not get a socket: the process's limit is reached. */
  static final String NO_DESCRIPTOR =
      "no file descriptor left for a connection (Too many open files: raise ulimit -n, or lower"
          + " the load)";

  private TransportErrors() {}

  /**
   * Runs every branch once, before the load: the classes a failure's path needs (this one, the
   * exception types it tests) are then loaded, and loading a class needs a file descriptor (the
   * jar), which a run out of descriptors no longer has; without this, the first failure threw
   * {@code NoClassDefFoundError} on the event loop instead of ending its request.
   */
  static void loadNow() {
    for (Throwable failure :
        new Throwable[] {
          new ConnectException("warm-up"),
          new UnknownHostException("warm-up"),
          new java.io.IOException("Too many open files"),
          new java.io.IOException("Connection reset"),
          new ClosedChannelException(),
          new NumberFormatException("chunk"),
          new IllegalStateException()
        }) {
      describe(failure);
    }
  }

  static String describe(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() == null ? "" : root.getMessage();
    String lower = message.toLowerCase(Locale.ROOT);
    String type = root.getClass().getSimpleName();
    // Before the connection's own words: a socket that could not be opened for want of a file
    // descriptor says so whatever exception carries it ("Too many open files", EMFILE).
    if (lower.contains("too many open files")) {
      return NO_DESCRIPTOR;
    }
    if (root instanceof ConnectException || type.contains("ConnectException")) {
      return "connection failed: " + message;
    }
    // The resolver's own wording varies by platform ("Name or service not known", "nodename nor
    // servname"): a stable prefix keeps one row per unresolvable host in the error table, and says
    // it is DNS.
    if (root instanceof UnknownHostException) {
      return "host not found (DNS resolution failed): " + message;
    }
    if (lower.contains("connection reset")) {
      return "connection reset by peer";
    }
    if (type.equals("PrematureCloseException") || root instanceof ClosedChannelException) {
      return "connection closed by the server before the response ended";
    }
    // Netty's HTTP decoder reads a chunk size that is not hexadecimal (or overflows) as a number
    // and fails with Java's own words: name it for what it is, a broken response framing.
    if (root instanceof NumberFormatException && lower.contains("chunk")) {
      return "malformed chunked encoding: " + lower;
    }
    if (type.equals("RequestTimeoutException")) {
      return "Gatling request timeout: " + message;
    }
    return message.isEmpty() ? type : type + ": " + message;
  }
}
