package dev.gatlingllm.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packaged jar as an existing Gatling project gets it: holds the plugin and nothing of the tests, and
 * {@code examples/embedding} builds against it and runs its simulation through the Gatling Maven plugin. The jar is
 * installed in a local repository of the test's own ({@code target/it-repo}), read before the user's, which the
 * nested build only reads ({@code maven.repo.local.tail}).
 */
class EmbeddingExampleIT {
  private static final Path WORK = NestedMaven.BASEDIR.resolve("target/it-embedding");

  @Test
  void theJarHoldsThePluginAndNoTestOrBenchmarkClass() throws Exception {
    List<String> entries = NestedMaven.entries(jar());
    assertTrue(entries.contains("dev/gatlingllm/dsl/LlmDsl.class"), "the DSL");
    assertTrue(entries.contains("dev/gatlingllm/simulator/LlmSimulator.class"), "the simulator");
    List<String> strays = entries.stream()
        .filter(e -> e.matches("dev/gatlingllm/(simulations|bench|e2e|testing|real|packaging)/.*")
            || e.endsWith("Test.class") || e.endsWith("IT.class") || e.startsWith("logback-test"))
        .toList();
    assertEquals(List.of(), strays, "test, benchmark or simulation entries in the jar");
  }

  @Test
  void anExistingGatlingProjectRunsTheDslAgainstTheEmbeddedSimulator() throws Exception {
    Path repository = WORK.resolve("repo");
    Path installed = repository.resolve("dev/gatlingllm/gatling-llm/" + NestedMaven.VERSION);
    Files.createDirectories(installed);
    String base = "gatling-llm-" + NestedMaven.VERSION;
    Files.copy(jar(), installed.resolve(base + ".jar"), StandardCopyOption.REPLACE_EXISTING);
    Files.copy(NestedMaven.BASEDIR.resolve("pom.xml"), installed.resolve(base + ".pom"),
        StandardCopyOption.REPLACE_EXISTING);
    // A fresh copy of the example, so that its build stays under target/ and no earlier run's report is counted.
    Path project = WORK.resolve("project");
    NestedMaven.deleteTree(project);
    copyTree(NestedMaven.BASEDIR.resolve("examples/embedding"), project);

    NestedMaven.Result build = NestedMaven.run(WORK.resolve("build.log"), 170,
        "-f", project.resolve("pom.xml").toString(),
        "-Dmaven.repo.local=" + repository, "-Dmaven.repo.local.tail=" + NestedMaven.userRepository(),
        "-Dgatling-llm.version=" + NestedMaven.VERSION, "gatling:test");
    assertEquals(0, build.exitCode(), build.tail());

    List<Path> summaries = NestedMaven.find(project.resolve("target/gatling"), "summary.json");
    assertEquals(1, summaries.size(), "one LLM report: " + build.tail());
    var summary = new ObjectMapper().readTree(summaries.get(0).toFile());
    assertEquals(12, summary.get("completed").asInt(), "4 users x 3 chats");
    assertEquals(0, summary.get("failed").asInt());
    assertEquals(12 * 32, summary.get("total_output_tokens").asInt(), "32 output tokens a chat");
  }

  private static Path jar() {
    Path jar = NestedMaven.BASEDIR.resolve("target/gatling-llm-" + NestedMaven.VERSION + ".jar");
    assertTrue(Files.isRegularFile(jar), jar + " not packaged: run in the integration-test phase (./mvnw verify)");
    return jar;
  }

  private static void copyTree(Path from, Path to) throws Exception {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path source : all.filter(p -> !p.startsWith(from.resolve("target"))).toList()) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
