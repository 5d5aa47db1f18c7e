package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's pasteable simulation is, word for word, the one the example user project holds,
 * which {@code ScenarioPackIT} runs there as pasted.
 */
class ReadmeExampleTest {
  private static final Path SOURCE =
      Path.of("examples/embedding/src/test/java/com/example/llm/MyChatSimulation.java");

  @Test
  void theReadmeShowsTheExampleProjectsSimulationWordForWord() throws Exception {
    String readme = Files.readString(Path.of("README.md"));
    int section = readme.indexOf("## A simulation you can paste");
    assertTrue(section >= 0, "the README has the section");
    int start = readme.indexOf("```java\n", section) + "```java\n".length();
    String shown = readme.substring(start, readme.indexOf("```\n", start));
    String source = Files.readString(SOURCE);
    String withoutPackage = source.substring(source.indexOf('\n') + 1).stripLeading();
    assertEquals(withoutPackage, shown);
  }
}
