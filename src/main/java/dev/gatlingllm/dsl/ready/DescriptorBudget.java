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
