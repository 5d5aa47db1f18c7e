package dev.gatlingllm.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The packaged jar as an existing Gatling project gets it: holds the plugin and nothing of the
 * tests, and {@code examples/embedding} builds against it and runs its simulation through the
 * Gatling Maven plugin, with each end of the Gatling range the plugin supports
 * (docs/compatibility.md).
 */
class EmbeddingExampleIT {
  /**
   * The lowest Gatling with everything: the LLM report beside Gatling's, Gatling's assertions in
   * junit.xml.
   */
  static final String LOWEST_SUPPORTED = "3.14.0";

  /**
   * The lowest Gatling the plugin runs with at all (Netty 4.1): Gatling 3.12 and 3.13 create the
   * run's results folder only once the load starts, after the plugin looks for it, so the LLM
   * report goes to {@code -Dllm.reportDir}.
   */
  static final String LOWEST_RUNNING = "3.12.0";

  private static final Path WORK = NestedMaven.BASEDIR.resolve("target/it-embedding");

  @Test
  void theJarHoldsThePluginAndNoSimulationTestOrBenchmarkClass() throws Exception {
    List<String> entries = NestedMaven.entries(ExampleBuild.packagedJar());
    assertTrue(entries.contains("dev/gatlingllm/dsl/LlmDsl.class"), "the DSL");
    assertTrue(entries.contains("dev/gatlingllm/simulator/LlmSimulator.class"), "the simulator");
    // No Simulation: the Gatling Maven plugin would find it in every user's project.
    List<String> strays =
        entries.stream()
            .filter(
                e ->
                    e.matches("dev/gatlingllm/(simulations|bench|e2e|testing|real|packaging)/.*")
                        || e.endsWith("Test.class")
                        || e.endsWith("IT.class")
                        || e.startsWith("logback-test")
                        || e.endsWith(".csv")
                        || e.endsWith(".jsonl")
                        || e.startsWith("images/")
                        || e.equals("llava-sample.json"))
            .toList();
    assertEquals(List.of(), strays, "simulation, feeder, test or benchmark entries in the jar");
  }

  @Test
  void theScenarioPackHoldsTheReadySimulationsAndTheirPromptsAlone() throws Exception {
    List<String> entries = NestedMaven.entries(ExampleBuild.packagedScenarioPack());
    for (String simulation : ScenarioPackIT.READY_SIMULATIONS.keySet()) {
      assertTrue(
          entries.contains(ExampleBuild.PACKED_SIMULATIONS + simulation + ".class"), simulation);
    }
    try (java.util.jar.JarFile jar =
        new java.util.jar.JarFile(ExampleBuild.packagedScenarioPack().toFile())) {
      assertEquals(
          "true",
          jar.getManifest().getMainAttributes().getValue("Multi-Release"),
          "a multi-release jar: the JVM reads META-INF/versions/17");
    }
    for (String feeder :
        List.of(
            "prompts.csv",
            "chat-dataset.jsonl",
            "trace-sample.jsonl",
            "burstgpt-sample.csv",
            "azure-sample.csv",
            "agent-sessions-sample.jsonl",
            "bfcl-sample.jsonl",
            "person-schema.json",
            "image-dataset.jsonl",
            "llava-sample.json")) {
      assertTrue(entries.contains(feeder), "the feeder " + feeder + " at the classpath's root");
    }
    List<String> others =
        entries.stream()
            .filter(e -> e.endsWith(".class") && !e.startsWith(ExampleBuild.PACKED_SIMULATIONS))
            .toList();
    assertEquals(List.of(), others, "nothing of the plugin twice");
  }

  /**
   * A project with one simulation of its own and no {@code gatling.simulationClass}, the scenario
   * pack on its test classpath: a batch {@code mvn gatling:test}, as a CI job runs it, runs that
   * simulation, as it did before the pack was added.
   */
  @Test
  void anExistingJobRunsItsOwnSimulationWithTheScenarioPackOnTheClasspath() throws Exception {
    Path project = ExampleBuild.copyExample("embedding", WORK, "own-simulation-alone");
    Files.delete(project.resolve("src/test/java/com/example/llm/MyChatSimulation.java"));
    Path pom = project.resolve("pom.xml");
    String withoutDefault =
        Files.readString(pom)
            .replaceFirst("<gatling.simulationClass>[^<]*</gatling.simulationClass>", "");
    Files.writeString(pom, withoutDefault);
    NestedMaven.Result build = ExampleBuild.gatlingTest(project, WORK, "own-simulation-alone");
    assertEquals(0, build.exitCode(), build.tail());
    ExampleBuild.assertTwelveChatsOf32Tokens(
        ExampleBuild.reportFile(project.resolve("target/gatling"), "summary.json"));
    assertTrue(
        NestedMaven.find(project.resolve("target/gatling"), "simulation.log").stream()
            .allMatch(log -> log.toString().contains("embeddedchatsimulation-")),
        "the project's own simulation ran, no ready one");
  }

  /** The lowest supported Gatling and the one the plugin is built with. */
  static Stream<String> supportedRange() throws Exception {
    return Stream.of(
        LOWEST_SUPPORTED,
        ExampleBuild.pomProperty(NestedMaven.BASEDIR.resolve("pom.xml"), "gatling.version"));
  }

  @ParameterizedTest(name = "Gatling {0}")
  @MethodSource("supportedRange")
  void anExistingGatlingProjectRunsTheDslAgainstTheEmbeddedSimulator(String gatlingVersion)
      throws Exception {
    Path project =
        ExampleBuild.runGatlingTest(
            "embedding", WORK, "gatling-" + gatlingVersion, "-Dgatling.version=" + gatlingVersion);

    Path gatlingResults = project.resolve("target/gatling");
    ExampleBuild.assertTwelveChatsOf32Tokens(
        ExampleBuild.reportFile(gatlingResults, "summary.json"));
    String junit = Files.readString(ExampleBuild.reportFile(gatlingResults, "junit.xml"));
    assertTrue(
        junit.contains("<testsuites name=\"gatling-llm\" tests=\"3\" failures=\"0\""),
        "the simulation's 3 Gatling assertions, judged from Gatling's simulation.log: " + junit);
    // Gatling's own page, written by this Gatling after the run, carries the LLM figures.
    Path gatlingPage =
        ExampleBuild.reportFile(gatlingResults, "summary.json")
            .getParent()
            .resolveSibling("index.html");
    assertTrue(
        Files.readString(gatlingPage).contains("id=\"llm-figures\""),
        "Gatling " + gatlingVersion + "'s index.html has the LLM figures");
  }

  @Test
  void gatling312RunsTheDslWithTheReportInLlmReportDir() throws Exception {
    Path reportDir = WORK.resolve("gatling-" + LOWEST_RUNNING + "-llm-report");
    NestedMaven.deleteTree(reportDir);
    Path project =
        ExampleBuild.runGatlingTest(
            "embedding",
            WORK,
            "gatling-" + LOWEST_RUNNING,
            "-Dgatling.version=" + LOWEST_RUNNING,
            "-Dllm.reportDir=" + reportDir);

    ExampleBuild.assertTwelveChatsOf32Tokens(ExampleBuild.reportFile(reportDir, "summary.json"));
    assertEquals(
        List.of(),
        NestedMaven.find(project.resolve("target/gatling"), "summary.json"),
        "no report in a results folder that did not exist yet when the run started");
  }
}
