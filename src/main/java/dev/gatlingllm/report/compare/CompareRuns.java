package dev.gatlingllm.report.compare;

import dev.gatlingllm.secrets.Redactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Command line: compares a run with a baseline without running any load, and exits 1 on a
 * regression (docs/ci.md).
 *
 * <pre>
 * ./mvnw -q exec:java -Dexec.mainClass=dev.gatlingllm.report.compare.CompareRuns \
 *   -Dexec.args="target/gatling/run-then target/gatling/run-now"
 * </pre>
 *
 * <p>Writes {@code comparison.md} into the current run's {@code llm/} folder and {@code
 * comparison-junit.xml} beside it.
 */
public final class CompareRuns {
  /** The exit status when the comparison found a regression. */
  static final int REGRESSION_STATUS = 1;

  /** The exit status of a command that cannot compare (wrong arguments, no report). */
  static final int USAGE_STATUS = 2;

  /**
   * The exit status when a report is there but is not a readable report of a run (an empty, {@code
   * null} or truncated summary.json, a number that is NaN or out of range, a garbage row): the same
   * as the run's against such a baseline ({@code BaselinePlan.UNREADABLE_STATUS}).
   */
  static final int UNREADABLE_STATUS = 4;

  private CompareRuns() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command; the exit status. */
  static int run(String[] args) {
    boolean fail = true;
    java.util.List<Path> runs = new java.util.ArrayList<>();
    for (String arg : args) {
      if (arg.equals("--no-fail")) {
        fail = false;
      } else if (arg.equals("--help") || arg.equals("-h")) {
        usage();
        return 0;
      } else {
        runs.add(Path.of(arg));
      }
    }
    if (runs.size() != 2) {
      usage();
      return USAGE_STATUS;
    }
    // The key a run would use: a label or a folder name holding it is hidden like any output.
    Redactor redactor = Redactor.of(System.getProperty("llm.apiKey"), System.getenv("LLM_API_KEY"));
    BaselineComparison comparison;
    try {
      comparison =
          BaselineComparison.compare(runs.get(0), runs.get(1), Thresholds.DEFAULTS, redactor);
      write(comparison, comparison.current());
    } catch (UnreadableReport e) {
      System.err.println("gatling-llm: cannot compare: " + redactor.redact(e.getMessage()));
      return UNREADABLE_STATUS;
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("gatling-llm: cannot compare: " + redactor.redact(e.getMessage()));
      return USAGE_STATUS;
    }
    System.out.print(ComparisonText.console(comparison));
    return fail && comparison.regressions() > 0 ? REGRESSION_STATUS : 0;
  }

  /** Writes comparison.md and comparison-junit.xml into a run's {@code llm/} folder. */
  static void write(BaselineComparison comparison, Path llmFolder) throws IOException {
    Files.writeString(
        llmFolder.resolve(dev.gatlingllm.report.LlmReportWriter.COMPARISON_MD),
        ComparisonText.markdown(comparison),
        StandardCharsets.UTF_8);
    Files.writeString(
        llmFolder.resolve("comparison-junit.xml"),
        dev.gatlingllm.report.JunitXml.render(
            ComparisonText.verdicts(comparison), System.currentTimeMillis()),
        StandardCharsets.UTF_8);
  }

  private static void usage() {
    System.err.println("usage: CompareRuns [--no-fail] <baseline> <current>");
    System.err.println(
        "  Each is a results folder, its llm/ folder or its summary.json. Exits 1 on a regression");
    System.err.println(
        "  (0 with --no-fail), 2 when it cannot compare, 4 when a report is not readable.");
  }
}
