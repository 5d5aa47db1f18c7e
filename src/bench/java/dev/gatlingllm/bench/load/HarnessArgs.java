package dev.gatlingllm.bench.load;

import java.util.HashMap;
import java.util.Map;

/**
 * The {@code key=value} arguments of a harness ({@code -Dharness.args="..."}), and the command that
 * gave them.
 */
public final class HarnessArgs {
  private HarnessArgs() {}

  /** Every {@code key=value} word of the arguments; other words are ignored. */
  public static Map<String, String> parse(String[] args) {
    Map<String, String> values = new HashMap<>();
    for (String arg : args) {
      for (String part : arg.trim().split("\\s+")) {
        int eq = part.indexOf('=');
        if (eq > 0) values.put(part.substring(0, eq), part.substring(eq + 1));
      }
    }
    return values;
  }

  /**
   * The command BENCHMARKS.md quotes for a run of {@code exec:exec@<execution>} with these
   * arguments.
   */
  public static String command(String execution, String[] args) {
    return "./mvnw -q -Pbench test-compile exec:exec@"
        + execution
        + (args.length == 0 ? "" : " -Dharness.args=\"" + String.join(" ", args).trim() + "\"");
  }
}
