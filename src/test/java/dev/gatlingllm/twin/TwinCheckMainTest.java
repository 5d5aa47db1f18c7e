package dev.gatlingllm.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.logging.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A twin checked against a run it was not fitted on, on its virtual clock: figures by hand. */
class TwinCheckMainTest {
  @TempDir Path dir;

  /** 2 slots, a 10 ms step whatever the batch, prompts free, no overhead. */
  private static final String PROFILE =
      String.join(
          "\n",
          "sim.scheduler=chunked",
          "sim.slots=2",
          "sim.decodeStepBaseMicros=10000",
          "sim.decodeStepPerStreamMicros=0",
          "sim.decodeStepExponent=1",
          "sim.prefillBaseMicros=0",
          "sim.prefillPerTokenMicros=0",
          "sim.attentionPerTokenPairNanos=0",
          "sim.requestOverheadMicros=0",
          "sim.idleStartMicros=0");

  @Test
  void aRunsLevelsAreRunAgainOnTheTwinAsTheyRan() throws Exception {
    Path profile = Files.writeString(dir.resolve("twin.properties"), PROFILE);
    Path run = dir.resolve("run");
    // one level of 2 streams, 4 requests measured from the first send; outputs 2, 4, 6, 2 tokens
    // in the order they were sent
    SweepRunFiles.writeLevel(
        run,
        10,
        SweepRunFiles.row(1000, 10, 2),
        SweepRunFiles.row(1020, 10, 4),
        SweepRunFiles.row(1500, 10, 6),
        SweepRunFiles.row(1560, 10, 2));

    List<FittedTwin.Check> checks = TwinCheckMain.check(profile, List.of(run.toString()));

    assertEquals(1, checks.size());
    FittedTwin.Check check = checks.get(0);
    // The twin's ramp starts the second stream at 500 ms: the first stream's requests run 0-20
    // and 20-60 ms (2 and 4 tokens, a token a 10 ms step), the second's 500-560 and 560-580
    // (6 and 2): 14 tokens over 0-580 ms, every first token 10 ms after its send, every stream
    // at 100 tokens a second. Requests of the mean 3.5 tokens would have made 16.
    assertEquals(14 / 0.580, check.twin().outputTokensPerSecond(), 1e-9);
    assertEquals(10.0, check.twin().ttftP50Millis(), 1e-9);
    assertEquals(10.0, TwinFit.tpotMillis(check.twin()), 1e-9);
    assertEquals(10.0, check.twin().tpotP50Millis(), 1e-9);
    // The server's side: 10 requests a second of 3.5 tokens, TTFT 10 ms, TPOT 1 ms
    assertEquals(35.0, check.measured().outputTokensPerSecond(), 1e-9);
    assertEquals(14 / 0.580 / 35.0 - 1, check.throughputError(), 1e-9);
    assertEquals(9.0, check.tpotError(), 1e-9);

    String table = TwinCheckMain.table(checks);
    assertTrue(
        table.contains(
            "| 2 | 10 | 4 | 35.0 / 24.1 (-31 %) | 10.0 / 10.0 (+0 %) | 1.00 / 10.00 (+900 %) |"),
        table);
  }

  @Test
  void aProfileThatCannotBeReadIsSaidInOneLine() {
    Path missing = dir.resolve("none.properties");
    UserError error =
        assertThrows(UserError.class, () -> TwinCheckMain.check(missing, List.of(dir.toString())));
    assertTrue(
        error.getMessage().startsWith("simulator profile " + missing + " cannot be read"),
        error.getMessage());
  }
}
