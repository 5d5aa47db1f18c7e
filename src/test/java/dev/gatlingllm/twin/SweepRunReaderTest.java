package dev.gatlingllm.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.logging.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a user gave that cannot be fitted is said in one line. */
class SweepRunReaderTest {
  @TempDir Path dir;

  @Test
  void aMissingFolderIsSaid() {
    Path none = dir.resolve("none");
    UserError error = assertThrows(UserError.class, () -> SweepRunReader.read(none));
    assertEquals("no results folder " + none, error.getMessage());
  }

  @Test
  void aFolderWithoutAReportIsSaid() {
    UserError error = assertThrows(UserError.class, () -> SweepRunReader.read(dir));
    assertEquals(
        dir + " holds no llm/summary.json and llm/requests.csv: give a run's results folder",
        error.getMessage());
  }

  @Test
  void aRunWithoutLevelsIsSaid() throws Exception {
    Path llm = Files.createDirectories(dir.resolve("run-1").resolve("llm"));
    Files.writeString(llm.resolve("summary.json"), "{\"levels\":[]}");
    Files.writeString(llm.resolve("requests.csv"), "");
    UserError error = assertThrows(UserError.class, () -> SweepRunReader.read(dir));
    assertEquals(
        llm.resolve("summary.json") + " has no levels: a sweep's run is needed",
        error.getMessage());
  }
}
