package dev.gatlingllm.properties;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsRootTest {
  @TempDir Path dir;

  @Test
  void aResultsFolderThatCannotBeCreatedIsOneLineBeforeTheRun() throws Exception {
    // A file where target/ should be: Gatling could not create target/gatling either.
    Path target = Files.writeString(dir.resolve("target"), "not a folder");
    Properties properties = new Properties();
    properties.setProperty("llm.resultsDir", target.resolve("gatling").toString());
    String message =
        assertThrows(IllegalArgumentException.class, () -> ResultsRoot.requireWritable(properties))
            .getMessage();
    assertTrue(
        message.startsWith(
            "llm.resultsDir: cannot write the run's results in " + target.resolve("gatling")),
        message);
    assertTrue(message.endsWith("(is a file in its way, or the disk read-only?)"), message);
  }

  @Test
  void aWritableFolderIsCreatedIfNeededAndPasses() {
    assertNull(ResultsRoot.problem(dir.resolve("target/gatling")));
    assertTrue(Files.isDirectory(dir.resolve("target/gatling")));
  }
}
