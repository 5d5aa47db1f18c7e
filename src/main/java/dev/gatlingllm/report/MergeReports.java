package dev.gatlingllm.report;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command line: merges the {@code llm/} folders of several runs into one report.
 *
 * <pre>
 * ./mvnw -q exec:java -Dexec.mainClass=dev.gatlingllm.report.MergeReports \
 *   -Dexec.args="--out target/merged-llm target/gatling/run-a/llm target/gatling/run-b/llm"
 * </pre>
 */
public final class MergeReports {
  private MergeReports() {}

  public static void main(String[] args) throws Exception {
    Path out = null;
    List<Path> inputs = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--out") && i + 1 < args.length) {
        out = Path.of(args[++i]);
      } else if (args[i].equals("--help") || args[i].equals("-h")) {
        usage();
        return;
      } else {
        inputs.add(Path.of(args[i]));
      }
    }
    if (out == null || inputs.isEmpty()) {
      usage();
      System.exit(2);
      return;
    }
    RunSummary summary;
    try {
      summary = LlmReportMerger.merge(inputs, out);
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("merge failed: " + e.getMessage());
      System.exit(1);
      return;
    }
    System.out.print(ConsoleSummary.format(summary, out.resolve(LlmReportWriter.INDEX_HTML)));
  }

  private static void usage() {
    System.err.println("usage: MergeReports --out <folder> <llm folder> <llm folder>...");
    System.err.println(
        "  Each input is a run's llm/ folder (run.json and requests.csv). The merged report");
    System.err.println(
        "  (summary.json, requests.csv, run.json, index.html) is written to <folder>.");
  }
}
