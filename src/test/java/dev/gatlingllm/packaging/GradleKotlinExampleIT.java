package dev.gatlingllm.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code examples/gradle-kotlin}: its Kotlin simulation compiles against the packaged jar and runs,
 * and its Gradle build asks for what its Maven build was run with. Gradle itself cannot be had
 * where this project builds (its distributions and Gatling's Gradle plugin come from hosts outside
 * the package registries it reaches), so the example's {@code pom.xml} builds the same sources with
 * the Kotlin Maven plugin and runs them with Gatling's Maven plugin.
 */
class GradleKotlinExampleIT {
  private static final Path EXAMPLE = NestedMaven.BASEDIR.resolve("examples/gradle-kotlin");

  @Test
  void theKotlinSimulationCompilesAgainstTheJarAndRunsAgainstTheEmbeddedSimulator()
      throws Exception {
    Path project =
        ExampleBuild.runGatlingTest(
            "gradle-kotlin", NestedMaven.BASEDIR.resolve("target/it-kotlin"), "project");

    assertTrue(
        Files.isRegularFile(
            project.resolve("target/test-classes/com/example/llm/KotlinChatSimulation.class")),
        "compiled by kotlinc");
    ExampleBuild.assertTwelveChatsOf32Tokens(
        ExampleBuild.reportFile(project.resolve("target/gatling"), "summary.json"));
  }

  @Test
  void theGradleBuildAsksForTheVersionsTheMavenBuildRuns() throws Exception {
    String gradle = Files.readString(EXAMPLE.resolve("build.gradle.kts"));
    String kotlin = ExampleBuild.pomProperty(EXAMPLE.resolve("pom.xml"), "kotlin.version");
    assertTrue(gradle.contains("kotlin(\"jvm\") version \"" + kotlin + "\""), "Kotlin " + kotlin);
    // Gatling's Gradle plugin is versioned as the Gatling it brings, with one more number for its
    // own fixes.
    String gatling = ExampleBuild.pomProperty(EXAMPLE.resolve("pom.xml"), "gatling.version");
    assertEquals(
        gatling,
        find(gradle, "id\\(\"io.gatling.gradle\"\\) version \"(\\d+\\.\\d+\\.\\d+)[.\\d]*\""));
    assertEquals(NestedMaven.VERSION, find(gradle, "\"dev.gatlingllm:gatling-llm:([^\"]+)\""));
    assertEquals(
        gatling,
        ExampleBuild.pomProperty(NestedMaven.BASEDIR.resolve("pom.xml"), "gatling.version"),
        "the example follows the plugin's own Gatling");
  }

  private static String find(String text, String regex) {
    Matcher matcher = Pattern.compile(regex).matcher(text);
    assertTrue(matcher.find(), regex);
    return matcher.group(1);
  }
}
