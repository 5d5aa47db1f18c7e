package dev.gatlingllm.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One of the projects under {@code examples/} built and run with {@code gatling:test} as its users
 * do, against the jar this build packaged. The jar is installed in a local repository of the test's
 * own, read before the user's, which the nested build only reads ({@code maven.repo.local.tail});
 * the example is copied fresh under {@code target/}, so that its build stays there and no earlier
 * run's report is counted.
 */
final class ExampleBuild {
  private ExampleBuild() {}

  static Path packagedJar() {
    return packaged("");
  }

  /** The scenario pack's jar: the ready simulations and their prompt files. */
  static Path packagedScenarioPack() {
    return packaged("-" + SCENARIO_PACK_CLASSIFIER);
  }

  static final String SCENARIO_PACK_CLASSIFIER = "simulations";

  /**
   * Where the scenario pack holds the ready simulations: a multi-release jar's classes for Java 17,
   * which the JVM loads by name and Gatling's scanner does not read (pom.xml, the jar plugin).
   */
  static final String PACKED_SIMULATIONS = "META-INF/versions/17/dev/gatlingllm/simulations/";

  private static Path packaged(String suffix) {
    Path jar =
        NestedMaven.BASEDIR.resolve("target/gatling-llm-" + NestedMaven.VERSION + suffix + ".jar");
    assertTrue(
        Files.isRegularFile(jar),
        jar + " not packaged: run in the integration-test phase (./mvnw verify)");
    return jar;
  }

  /**
   * Runs {@code gatling:test} on a fresh copy of {@code examples/<example>} in {@code work/<copy>}.
   *
   * @return the copy, after the build succeeded
   */
  static Path runGatlingTest(String example, Path work, String copy, String... properties)
      throws Exception {
    Path project = copyExample(example, work, copy);
    NestedMaven.Result build = gatlingTest(project, work, copy, properties);
    assertEquals(0, build.exitCode(), build.tail());
    return project;
  }

  /**
   * Installs the packaged jar in {@code work/repo} and copies {@code examples/<example>} fresh to
   * {@code work/<copy>}.
   *
   * @return the copy
   */
  static Path copyExample(String example, Path work, String copy) throws Exception {
    Path repository = work.resolve("repo");
    Path installed = repository.resolve("dev/gatlingllm/gatling-llm/" + NestedMaven.VERSION);
    Files.createDirectories(installed);
    String base = "gatling-llm-" + NestedMaven.VERSION;
    Files.copy(
        packagedJar(), installed.resolve(base + ".jar"), StandardCopyOption.REPLACE_EXISTING);
    Files.copy(
        packagedScenarioPack(),
        installed.resolve(base + "-" + SCENARIO_PACK_CLASSIFIER + ".jar"),
        StandardCopyOption.REPLACE_EXISTING);
    Files.copy(
        NestedMaven.BASEDIR.resolve("pom.xml"),
        installed.resolve(base + ".pom"),
        StandardCopyOption.REPLACE_EXISTING);
    Path project = work.resolve(copy);
    NestedMaven.deleteTree(project);
    copyTree(NestedMaven.BASEDIR.resolve("examples").resolve(example), project);
    return project;
  }

  /**
   * Runs {@code gatling:test} with {@code properties} in a project {@link #copyExample} made, its
   * console kept in {@code work/<logName>.log}.
   */
  static NestedMaven.Result gatlingTest(
      Path project, Path work, String logName, String... properties) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                "-f",
                project.resolve("pom.xml").toString(),
                "-Dmaven.repo.local=" + work.resolve("repo"),
                "-Dmaven.repo.local.tail=" + NestedMaven.userRepository(),
                "-Dgatling-llm.version=" + NestedMaven.VERSION));
    args.addAll(List.of(properties));
    args.add("gatling:test");
    return NestedMaven.run(work.resolve(logName + ".log"), 170, args.toArray(String[]::new));
  }

  /** The one {@code llm/<file>} of the LLM report under {@code root}. */
  static Path reportFile(Path root, String file) throws Exception {
    List<Path> found = NestedMaven.find(root, file);
    assertEquals(1, found.size(), "one LLM report under " + root + ": " + found);
    return found.get(0);
  }

  /**
   * Checks a run of 4 users x 3 chats of 32 output tokens, the examples' simulation, from its
   * summary.json.
   */
  static void assertTwelveChatsOf32Tokens(Path summaryJson) throws Exception {
    JsonNode summary = new ObjectMapper().readTree(summaryJson.toFile());
    assertEquals(12, summary.get("completed").asInt(), "4 users x 3 chats");
    assertEquals(0, summary.get("failed").asInt());
    assertEquals(12 * 32, summary.get("total_output_tokens").asInt(), "32 output tokens a chat");
  }

  /** The value of a property of a pom, e.g. {@code gatling.version}. */
  static String pomProperty(Path pom, String name) throws Exception {
    Matcher matcher =
        Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(Files.readString(pom));
    assertTrue(matcher.find(), name + " in " + pom);
    return matcher.group(1);
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
