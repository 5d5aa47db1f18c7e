package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.dsl.agents.AgentTraces;
import dev.gatlingllm.dsl.load.TraceReplay;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.report.compare.CompareRuns;

/**
 * The child of {@link SmallHeapBoundsTest}: reads one hostile input through the reader the run
 * uses, in a JVM of a small heap, and ends as a run ends on a user error: its one {@code
 * gatling-llm:} line and status 1. The {@code llm.*} properties come on the command line, as a user
 * gives them.
 */
final class SmallHeapInputs {
  private SmallHeapInputs() {}

  /**
   * @param args the case, then the file it reads (a trace, an agent trace or a run's folder)
   */
  public static void main(String[] args) {
    try {
      Object read =
          switch (args[0]) {
            case "images" -> ImageSettings.fromSystemProperties();
            case "agent.sessions" ->
                Settings.fromSystemProperties().wholeNumber("llm.agent.sessions", 0);
            case "embedBatchSize" ->
                Settings.fromSystemProperties().wholeNumber("llm.embedBatchSize", 8);
            case "rates" ->
                WorkloadSettings.read(Settings.fromSystemProperties(), WorkloadSettings.defaults());
            case "agent-trace" -> AgentTraces.read(args[1]);
            case "trace" -> TraceReplay.read(args[1], 0, 1);
            case "baseline" -> {
              CompareRuns.main(new String[] {args[1], args[1]}); // exits with its status
              yield null;
            }
            default -> throw new IllegalStateException("no case " + args[0]);
          };
      System.out.println("read, not refused: " + read);
    } catch (UserError e) {
      System.out.println("gatling-llm: " + e.getMessage());
      System.exit(UserError.EXIT_STATUS);
    }
  }
}
