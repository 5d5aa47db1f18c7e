package dev.gatlingllm.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.request.RequestRow;
import io.gatling.app.Gatling$;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** Runs a simulation in this JVM, without Gatling's HTML report, and keeps what it printed. */
public final class InProcessGatling {
  private InProcessGatling() {}

  /**
   * @param exitCode Gatling's: 0 when every assertion passed, 2 when one failed
   * @param console what Gatling printed, its assertion results included
   */
  public record Run(int exitCode, String console) {
    /** The end of the console, for a failure message. */
    public String tail() {
      return console.length() > 2_000 ? console.substring(console.length() - 2_000) : console;
    }
  }

  /** Runs with these system properties set, and cleared afterwards. */
  public static Run run(Class<?> simulation, Path results, Map<String, String> properties) {
    try {
      properties.forEach(System::setProperty);
      return run(simulation, results);
    } finally {
      properties.keySet().forEach(System::clearProperty);
    }
  }

  /** The LLM report's folder of the one run under {@code results}. */
  public static Path llmDir(Path results) throws IOException {
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(Files::isDirectory).findFirst().orElseThrow().resolve("llm");
    }
  }

  /**
   * The LLM report's folder under {@code results} once a run has created it, for a run still under
   * way.
   */
  public static Optional<Path> createdLlmDir(Path results) throws IOException {
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(Files::isDirectory)
          .map(run -> run.resolve("llm"))
          .filter(Files::isDirectory)
          .findFirst();
    }
  }

  /** The LLM report's summary.json of the one run under {@code results}. */
  public static JsonNode summary(Path results) throws IOException {
    return new ObjectMapper().readTree(llmDir(results).resolve("summary.json").toFile());
  }

  /**
   * The rows of the LLM report's requests.csv of the one run under {@code results}, in the file's
   * order.
   */
  public static List<RequestRow> requests(Path results) throws IOException {
    return RequestsCsvFile.rows(llmDir(results).resolve("requests.csv"));
  }

  public static Run run(Class<?> simulation, Path results) {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream original = System.out;
    PrintStream tee = new PrintStream(new Tee(original, console), true, StandardCharsets.UTF_8);
    try {
      // Gatling prints its assertion results through Scala's Console, which keeps the stream it
      // first saw.
      System.setOut(tee);
      int exit =
          scala.Console$.MODULE$.withOut(
              tee,
              () ->
                  Gatling$.MODULE$.fromArgs(
                      new String[] {
                        "--simulation",
                        simulation.getName(),
                        "--results-folder",
                        results.toString(),
                        "--no-reports"
                      }));
      return new Run(exit, console.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(original);
    }
  }
}
