package dev.gatlingllm.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Reports and summary.json name the plugin's version as the build stamped it from the pom. */
class ToolVersionTest {
  @Test
  void theReportsNameThePomsVersion() {
    assertEquals(System.getProperty("project.version"), RunReporter.VERSION);
  }
}
