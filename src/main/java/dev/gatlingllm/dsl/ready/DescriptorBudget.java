package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.logging.UserError;
import java.lang.management.ManagementFactory;

/**
 * Checks, before the load, that this JVM may open the connections a run asks for: each stream holds
 * a socket (two with the embedded simulator, whose side of each connection is in the same JVM).
 * Past the process's limit ({@code ulimit -n}, often 1,024) connections fail with "Too many open
 * files" in the middle of a level, and the run's own files (its report) cannot be written; the
 * check says so in one line before anything is sent.
 */
final class DescriptorBudget {
  /**
   * Descriptors a run needs besides its streams' sockets: the report's files, the simulation log,
   * the JVM's jars and pipes, the metrics scrape, the warm-up's connections still closing.
   */
  static final int HEADROOM = 128;

  private DescriptorBudget() {}

  /**
   * @param streams the most concurrent streams the run plans
   * @param embedded whether the embedded simulator serves them from this JVM
   * @throws UserError when the limit is too low, naming the streams, the limit and what to do
   */
  static void check(int streams, boolean embedded) {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
      String problem =
          problem(
              streams,
              embedded,
              unix.getMaxFileDescriptorCount(),
              unix.getOpenFileDescriptorCount());
      if (problem != null) {
        throw new UserError(problem);
      }
    }
  }

  /**
   * The same for an open model: its streams in flight are its rate times a request's time, which
   * the server decides; the check takes requests of one second (fewer when {@code
   * llm.maxConcurrency} caps them), the least an LLM answer takes, and refuses a rate the limit
   * cannot hold even so. A run that passes but can hold its rate only for short requests is told
   * how long a request may take before the next find no descriptor (each of those ends KO, {@code
   * no file descriptor left for a connection}).
   *
   * @param rate the highest rate the run plans, requests per second
   * @param cap the cap on requests in flight, or 0 for none
   * @param embedded whether the embedded simulator serves them from this JVM
   * @throws UserError when even one-second requests cannot get a descriptor each
   */
  static void checkOpen(double rate, int cap, boolean embedded) {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
      long limit = unix.getMaxFileDescriptorCount();
      long open = unix.getOpenFileDescriptorCount();
      String problem = openProblem(rate, cap, embedded, limit, open);
      if (problem != null) {
        throw new UserError(problem);
      }
      String note = openNote(rate, cap, embedded, limit, open);
      if (note != null) {
        System.out.println("gatling-llm: " + note);
      }
    }
  }

  /** The streams an open model holds in flight for requests of one second, within its cap. */
  static int openStreams(double rate, int cap) {
    int streams = (int) Math.min(Integer.MAX_VALUE, Math.ceil(rate));
    return cap > 0 ? Math.min(streams, cap) : streams;
  }

  /** The line that says the limit cannot hold the rate, or null when it can. */
  static String openProblem(double rate, int cap, boolean embedded, long limit, long open) {
    String problem = problem(openStreams(rate, cap), embedded, limit, open);
    if (problem == null) {
      return null;
    }
    return "the open model at "
        + rate
        + " req/s holds about "
        + openStreams(rate, cap)
        + " requests in flight when each takes a second, more when they take longer: "
        + problem
        + (cap > 0 ? "" : " or the rate (or cap it: llm.maxConcurrency)");
  }

  /**
   * What an uncapped open model that fits may still meet: requests longer than the limit allows at
   * its rate, said before the load; null when the limit holds requests of {@value
   * #NOTE_BELOW_SECONDS} s or more, or a cap bounds the streams.
   */
  static String openNote(double rate, int cap, boolean embedded, long limit, long open) {
    if (cap > 0 || limit <= 0 || rate <= 0) {
      return null;
    }
    long room = (limit - open - HEADROOM) / (embedded ? 2 : 1);
    double seconds = room / rate;
    if (seconds >= NOTE_BELOW_SECONDS) {
      return null;
    }
    return String.format(
        java.util.Locale.ROOT,
        "the open model at %s req/s: this JVM may open %d file descriptors (%d open), room for"
            + " %d requests in flight; requests taking longer than %.1f s on average would find"
            + " none, and end KO (raise ulimit -n, or cap llm.maxConcurrency)",
        rate,
        limit,
        open,
        room,
        seconds);
  }

  /** Requests rarely take longer than this; below it, the note is worth a line. */
  static final double NOTE_BELOW_SECONDS = 60;

  /** The line that says the limit is too low, or null when the run fits. */
  static String problem(int streams, boolean embedded, long limit, long open) {
    long needed = (long) streams * (embedded ? 2 : 1) + HEADROOM;
    if (limit <= 0 || open + needed <= limit) {
      return null;
    }
    return "the run asks for "
        + streams
        + " concurrent streams, "
        + needed
        + " file descriptors"
        + (embedded ? " (each stream's two ends with the embedded simulator)" : "")
        + " with the run's own files, but this JVM may open "
        + limit
        + " and has "
        + open
        + " open: raise the limit (ulimit -n "
        + Math.max(65_536, Long.highestOneBit(open + needed) * 2)
        + ") or lower the concurrency";
  }
}
