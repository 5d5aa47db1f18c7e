package dev.gatlingllm.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scenario pack where users run it: in their own Gatling project, which depends on the packaged
 * jar and has simulations of its own ({@code examples/embedding}, Gatling's demo layout). Each
 * ready simulation runs there by {@code -Dgatling.simulationClass} with a short load against the
 * embedded simulator, its prompt files found in the jar; the README's pasteable simulation, which
 * that project holds word for word, runs as pasted with no base URL given.
 */
class ScenarioPackIT {
  private static final Path WORK = NestedMaven.BASEDIR.resolve("target/it-scenario-pack");

  /** Every ready simulation, with the properties of a short load (seconds, a few requests). */
  static final Map<String, List<String>> READY_SIMULATIONS = readySimulations();

  private static Path project;

  private static Map<String, List<String>> readySimulations() {
    List<String> smallSweep =
        List.of(
            "-Dllm.levels=1,2",
            "-Dllm.requestsPerLevel=2",
            "-Dllm.inputTokens=16",
            "-Dllm.outputTokens=8",
            "-Dllm.warmupSeconds=0");
    Map<String, List<String>> all = new LinkedHashMap<>();
    all.put("ConcurrencySweepSimulation", smallSweep);
    all.put(
        "ChatQuickstartSimulation",
        List.of("-Dllm.concurrency=2", "-Dllm.durationSeconds=2", "-Dllm.outputTokens=8"));
    all.put(
        "FixedRatioSimulation",
        List.of(
            "-Dllm.ratio=16:8",
            "-Dllm.levels=1,2",
            "-Dllm.levelDuration=2",
            "-Dllm.warmupSeconds=0"));
    all.put(
        "DatasetSimulation",
        List.of(
            "-Dllm.levels=1,2",
            "-Dllm.requestsPerLevel=2",
            "-Dllm.outputTokens=8",
            "-Dllm.warmupSeconds=0"));
    all.put(
        "ImageChatSweepSimulation",
        List.of(
            "-Dllm.levels=1,2",
            "-Dllm.requestsPerLevel=2",
            "-Dllm.images.width=64",
            "-Dllm.images.height=64",
            "-Dllm.inputTokens=16",
            "-Dllm.outputTokens=8",
            "-Dllm.warmupSeconds=0"));
    all.put(
        "MultiTurnSimulation",
        List.of(
            "-Dllm.levels=2",
            "-Dllm.requestsPerLevel=2",
            "-Dllm.turns=2",
            "-Dllm.thinkTimeSeconds=0.1",
            "-Dllm.inputTokens=16",
            "-Dllm.outputTokens=8",
            "-Dllm.warmupSeconds=0"));
    all.put(
        "OpenRateSimulation",
        List.of(
            "-Dllm.rates=4",
            "-Dllm.levelDuration=2",
            "-Dllm.inputTokens=16",
            "-Dllm.outputTokens=4",
            "-Dllm.warmupSeconds=0"));
    all.put(
        "RateLimitedSimulation",
        List.of(
            "-Dllm.rpm=12",
            "-Dllm.rateWindowSeconds=3",
            "-Dllm.levelDuration=3",
            "-Dllm.inputTokens=16",
            "-Dllm.outputTokens=8",
            "-Dllm.warmupSeconds=0"));
    all.put(
        "TraceReplaySimulation",
        List.of("-Dllm.trace.limit=6", "-Dllm.trace.speed=4", "-Dllm.warmupSeconds=0"));
    all.put(
        "AgentSessionSimulation",
        List.of(
            "-Dllm.levels=2",
            "-Dllm.requestsPerLevel=2",
            "-Dllm.agent.toolLatencyScale=0.1",
            "-Dllm.warmupSeconds=0"));
    all.put(
        "StructuredOutputSweepSimulation",
        List.of(
            "-Dllm.levels=1,2",
            "-Dllm.requestsPerLevel=2",
            "-Dllm.inputTokens=16",
            "-Dllm.warmupSeconds=0"));
    all.put(
        "EmbeddingSweepSimulation",
        List.of(
            "-Dllm.levels=1,2",
            "-Dllm.requestsPerStream=2",
            "-Dllm.inputTokens=16",
            "-Dllm.embedBatchSize=4",
            "-Dllm.warmupSeconds=0"));
    all.put(
        "CapacitySearchSimulation",
        List.of(
            "-Dllm.levels=1,2",
            "-Dllm.requestsPerStream=2",
            "-Dllm.inputTokens=16",
            "-Dllm.outputTokens=8",
            "-Dllm.warmupSeconds=0"));
    return all;
  }

  @BeforeAll
  static void userProject() throws Exception {
    project = ExampleBuild.copyExample("embedding", WORK, "project");
  }

  static Stream<String> readySimulationNames() {
    return READY_SIMULATIONS.keySet().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readySimulationNames")
  void aReadySimulationRunsFromTheJarInTheUsersProject(String simulation) throws Exception {
    List<String> properties = new ArrayList<>(READY_SIMULATIONS.get(simulation));
    properties.add("-Dgatling.simulationClass=dev.gatlingllm.simulations." + simulation);
    NestedMaven.Result run =
        ExampleBuild.gatlingTest(project, WORK, simulation, properties.toArray(String[]::new));

    assertEquals(0, run.exitCode(), simulation + ": " + run.tail());
    JsonNode summary = summaryOf(simulation);
    assertTrue(summary.path("completed").asInt() > 0, simulation + " completed requests");
    assertEquals(0, summary.path("failed").asInt(), simulation + " failed requests");
    assertTrue(
        Files.readString(run.log()).contains("LLM report: "),
        simulation + " prints where its LLM report is");
  }

  @Test
  void theReadmesSimulationRunsAsPastedAgainstTheEmbeddedSimulator() throws Exception {
    NestedMaven.Result run =
        ExampleBuild.gatlingTest(
            project,
            WORK,
            "MyChatSimulation",
            "-Dgatling.simulationClass=com.example.llm.MyChatSimulation",
            "-Dseconds=3");

    assertEquals(0, run.exitCode(), "the run and its assertions pass: " + run.tail());
    assertTrue(
        Files.readString(run.log()).contains("embedded LLM simulator serves http://127.0.0.1:"),
        "no baseUrl given: the embedded simulator, said on the console");
    JsonNode summary = summaryOf("MyChatSimulation");
    assertTrue(
        summary.path("completed").asInt() >= 16,
        "8 users, two turns each at least: " + summary.path("completed"));
    assertEquals(0, summary.path("failed").asInt());
  }

  /**
   * A run against a baseline whose TTFTs were ten times shorter regresses: the build fails with the
   * regression's exit status, once Gatling's own page is written, and that page carries the LLM
   * figures.
   */
  @Test
  void aRegressionAgainstItsBaselineFailsTheBuildAfterGatlingsPage() throws Exception {
    String simulation = "-Dgatling.simulationClass=com.example.llm.EmbeddedChatSimulation";
    NestedMaven.Result first = ExampleBuild.gatlingTest(project, WORK, "baseline-then", simulation);
    assertEquals(0, first.exitCode(), first.tail());
    Path then = newestRun("embeddedchatsimulation-");
    Path baseline = WORK.resolve("baseline-faster");
    Files.createDirectories(baseline.resolve("llm"));
    Files.copy(
        then.resolve("llm/summary.json"),
        baseline.resolve("llm/summary.json"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.write(
        baseline.resolve("llm/requests.csv"), ttftTenfoldFaster(then.resolve("llm/requests.csv")));

    NestedMaven.Result now =
        ExampleBuild.gatlingTest(
            project, WORK, "baseline-now", simulation, "-Dllm.baseline=" + baseline);
    String log = Files.readString(now.log());
    assertTrue(now.exitCode() != 0, "the build fails: " + now.tail());
    assertTrue(log.contains("the run regressed against its baseline: the build fails"), log);
    assertTrue(log.matches("(?s).*\\nwhole run +TTFT p50 ms .*▼ regression.*"), log);
    assertTrue(log.contains("Reports generated"), "after Gatling's own page: " + log);
    // The run's last line says why the build failed, after Gatling's own lines.
    assertTrue(
        log.matches(
            "(?s).*Reports generated.*\\ngatling-llm: the build fails: \\d+ figures? regressed"
                + " against the baseline; junit.xml and summary.md name each\\n.*"),
        log);
    Path run = newestRun("embeddedchatsimulation-");
    assertTrue(
        Files.readString(run.resolve("index.html")).contains("LLM figures"), "Gatling's page");
    Path chromium = dev.gatlingllm.testing.Chromium.find();
    if (chromium != null) {
      // As a browser draws it: Gatling's own stats table filled by its scripts, and the figures.
      String dom =
          dev.gatlingllm.testing.Chromium.dumpDom(
              chromium, run.resolve("index.html"), WORK.resolve("chromium"));
      assertTrue(dom.contains("id=\"llm-figures\""), "the LLM figures in the drawn page");
      assertTrue(
          dom.matches(
              "(?s).*<div class=\"article\"><!-- gatling-llm verdict -->\\s*<div id=\"llm-verdict\""
                  + " class=\"llm-verdict bad\".*[0-9] regressions? against the baseline.*"),
          "the red verdict first under Gatling's title: " + dom);
      assertTrue(
          dom.matches(
              "(?s).*<tr id=\"llm-verdict-assertion\">\\s*<td class=\"error-col-1 ko total\">.*"),
          "a KO row in Gatling's assertions: " + dom);
      assertTrue(
          dom.matches("(?s).*id=\"container_statistics_body\".*chat TTFT.*"), "Gatling's stats");
    }
    assertTrue(
        Files.readString(run.resolve("llm/junit.xml")).contains("<testsuite name=\"baseline\""));
  }

  /**
   * The requests of a run with every TTFT a tenth of what it was, the rest as it was: a baseline
   * far beyond the two runs' own difference (the first run of a cold JVM is the slower).
   */
  private static List<String> ttftTenfoldFaster(Path requestsCsv) throws Exception {
    List<String> lines = Files.readAllLines(requestsCsv);
    int column = java.util.Arrays.asList(lines.get(0).split(",")).indexOf("ttft_ms");
    List<String> out = new ArrayList<>();
    out.add(lines.get(0));
    for (String line : lines.subList(1, lines.size())) {
      String[] fields = line.split(",", -1);
      double ttft = Double.parseDouble(fields[column]);
      if (ttft > 0) {
        fields[column] = String.format(Locale.ROOT, "%.3f", ttft / 10);
      }
      out.add(String.join(",", fields));
    }
    return out;
  }

  /** The newest run folder of a simulation in the project's results. */
  private static Path newestRun(String prefix) throws Exception {
    try (Stream<Path> runs = Files.list(project.resolve("target/gatling"))) {
      return runs.filter(p -> p.getFileName().toString().startsWith(prefix))
          .max(java.util.Comparator.comparing(p -> p.getFileName().toString()))
          .orElseThrow();
    }
  }

  /** A user's mistakes, each with the one line the run must end with. */
  static Stream<org.junit.jupiter.params.provider.Arguments> userErrors() {
    return Stream.of(
        org.junit.jupiter.params.provider.Arguments.of(
            "-Dllm.seed=abc",
            "gatling-llm: llm.seed must be a whole number in [-9223372036854775808,"
                + " 9223372036854775807], was 'abc'"),
        org.junit.jupiter.params.provider.Arguments.of(
            "-Dllm.levels=0",
            "gatling-llm: llm.levels must be a comma-separated list such as 1,4,16, each a whole"
                + " number in [1, 100000]"),
        org.junit.jupiter.params.provider.Arguments.of(
            "-Dllm.modle=m", "gatling-llm: unknown property llm.modle; did you mean llm.model?"),
        org.junit.jupiter.params.provider.Arguments.of(
            "-Dllm.baseUrl=http://127.0.0.1:1",
            "gatling-llm: no load sent: cannot connect to http://127.0.0.1:1/"),
        org.junit.jupiter.params.provider.Arguments.of(
            "-Dllm.tokenizer=hf:/nonexistent",
            "gatling-llm: llm.tokenizer: no tokenizer.json at '/nonexistent'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("userErrors")
  void aUsersMistakeEndsTheRunWithOneLineAndNoStack(String property, String line) throws Exception {
    NestedMaven.Result run =
        ExampleBuild.gatlingTest(
            project,
            WORK,
            "user-error" + property.replaceAll("[^A-Za-z0-9]", "_"),
            property,
            "-Dgatling.simulationClass=dev.gatlingllm.simulations.ConcurrencySweepSimulation");

    assertTrue(run.exitCode() != 0, "the build fails");
    String log = Files.readString(run.log());
    List<String> ours = log.lines().filter(l -> l.startsWith("gatling-llm: ")).toList();
    assertEquals(1, ours.size(), log);
    assertTrue(ours.get(0).startsWith(line), ours.get(0));
    assertTrue(!log.contains("\tat ") && !log.contains("Run crashed"), "no stack: " + log);
  }

  /** The summary.json of the one run of {@code simulation} in the project's results. */
  private static JsonNode summaryOf(String simulation) throws Exception {
    String folderPrefix = simulation.toLowerCase(Locale.ROOT) + "-";
    List<Path> found =
        NestedMaven.find(project.resolve("target/gatling"), "summary.json").stream()
            .filter(
                p -> p.getParent().getParent().getFileName().toString().startsWith(folderPrefix))
            .toList();
    assertEquals(1, found.size(), "one LLM report of " + simulation + ": " + found);
    return new ObjectMapper().readTree(found.get(0).toFile());
  }
}
