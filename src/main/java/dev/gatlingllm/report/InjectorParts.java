package dev.gatlingllm.report;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether the runs being merged are the parts of one run shared by several injectors: each says in
 * its metadata which one it was ({@code injector: 2 of 3}), all of the same count, each a different
 * one.
 */
final class InjectorParts {
  /**
   * The metadata key the ready simulations write (the workload's {@code
   * LlmTarget.INJECTOR_METADATA}).
   */
  static final String METADATA = "injector";

  private static final Pattern LABEL = Pattern.compile("(\\d+) of (\\d+)");

  private InjectorParts() {}

  static boolean areParts(List<Map<String, String>> metadata) {
    if (metadata.size() < 2) {
      return false;
    }
    Set<Integer> seen = new HashSet<>();
    int count = -1;
    for (Map<String, String> run : metadata) {
      String label = run.get(METADATA);
      Matcher m = label == null ? null : LABEL.matcher(label);
      if (m == null || !m.matches()) {
        return false;
      }
      int runCount = Integer.parseInt(m.group(2));
      if ((count >= 0 && runCount != count) || !seen.add(Integer.parseInt(m.group(1)))) {
        return false;
      }
      count = runCount;
    }
    return true;
  }
}
