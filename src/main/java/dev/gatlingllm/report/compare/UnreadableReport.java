package dev.gatlingllm.report.compare;

import java.nio.file.Path;

/**
 * A run's report that is there but is not a readable report of a run: a summary.json that is empty,
 * not JSON, not an object, or holding a number that is not finite or out of its range; a
 * requests.csv row that cannot be parsed. A comparison against it would judge nothing and say "no
 * regression": it fails instead, with its own exit status, naming the file and what is wrong.
 */
public final class UnreadableReport extends IllegalArgumentException {
  /**
   * @param file the file read
   * @param what what is wrong with it, e.g. {@code levels[0].duration is NaN, not a number}
   */
  UnreadableReport(Path file, String what) {
    super(file + ": " + what + ": not a readable report of a run");
  }
}
