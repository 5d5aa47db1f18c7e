package dev.gatlingllm.simulator;

import dev.gatlingllm.bounds.Bound;
import java.util.Locale;

/**
 * Exact timing for one request, bypassing the capacity model: the first content event {@code ttft}
 * after the request was received and exactly {@code itl} between content events; the role-only
 * delta at {@code role} (or with the headers when absent). Header {@code x-sim-timing:
 * ttft=200;itl=20[;role=10]}, milliseconds, decimals allowed.
 */
public record FixedTiming(long ttftNanos, long itlNanos, long roleNanos) {

  public FixedTiming {
    if (ttftNanos < 0 || itlNanos < 0)
      throw new IllegalArgumentException("ttft and itl must be >= 0");
  }

  public static FixedTiming of(long ttftNanos, long itlNanos, long roleNanos) {
    return new FixedTiming(ttftNanos, itlNanos, roleNanos);
  }

  public boolean hasRoleDelay() {
    return roleNanos >= 0;
  }

  /** Parses {@code ttft=200;itl=20[;role=10]}; blank gives null. */
  public static FixedTiming parse(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    long ttft = -1;
    long itl = -1;
    long role = -1;
    for (String part : text.split("[;,]")) {
      String p = part.trim();
      if (p.isEmpty()) continue;
      int eq = p.indexOf('=');
      if (eq <= 0) throw new IllegalArgumentException("timing must be name=value: " + p);
      String name = p.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      long nanos = millisToNanos(p.substring(eq + 1));
      switch (name) {
        case "ttft" -> ttft = nanos;
        case "itl" -> itl = nanos;
        case "role" -> role = nanos;
        default -> throw new IllegalArgumentException("unknown timing parameter: " + name);
      }
    }
    if (ttft < 0 || itl < 0)
      throw new IllegalArgumentException("timing needs ttft=<ms>;itl=<ms>: " + text);
    return new FixedTiming(ttft, itl, role);
  }

  /** A delay of the timing or fault syntax: up to an hour, NaN and infinities refused. */
  static final Bound MILLIS = Bound.closed(0, 3_600_000, "ms");

  static long millisToNanos(String text) {
    return Math.round(MILLIS.readDouble("a delay", text) * 1_000_000.0);
  }
}
