package dev.gatlingllm.stream;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;

/** Short, actionable descriptions of transport failures for KO messages. */
final class TransportErrors {
  private TransportErrors() {}

  static String describe(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() == null ? "" : root.getMessage();
    String lower = message.toLowerCase(Locale.ROOT);
    String type = root.getClass().getSimpleName();
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
