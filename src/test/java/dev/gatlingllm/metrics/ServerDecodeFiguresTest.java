package dev.gatlingllm.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelAccumulator;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import org.junit.jupiter.api.Test;

/** The server's own decode speed (Ollama's eval_count / eval_duration), kept per request and averaged per level. */
class ServerDecodeFiguresTest {

  private static RequestRow record(boolean ok, long serverTokens, long decodeMicros) {
    return new RequestRow(1_700_000_000_000L, 0, true, "chat", ok, ok ? 200 : 500, ok ? null : "boom", 1_000,
        500, 1_000, 10_000, 100_000, 10_000, 10_000, 10_000, 10, 20, TokenCountSource.SERVER_USAGE, serverTokens,
        TokenCountSource.SERVER_USAGE, serverTokens, -1, 0, 1_000, 101_000, ok, new long[0], null, -1, decodeMicros, null, -1);
  }

  @Test
  void perRequestSpeedIsServerTokensOverServerDecodeTime() {
    assertEquals(50.0, record(true, 10, 200_000).serverDecodeTokensPerSecond(), 1e-9);
    assertEquals(-1, record(true, 10, -1).serverDecodeTokensPerSecond(), "no decode time from the server");
    assertEquals(-1, record(true, -1, 200_000).serverDecodeTokensPerSecond(), "no count from the server");
  }

  @Test
  void aLevelAveragesTheSuccessfulStreamsThatReportedIt() {
    LevelAccumulator level = new LevelAccumulator();
    level.addRequest(record(true, 10, 200_000)); // 50 tok/s
    level.addRequest(record(true, 30, 200_000)); // 150 tok/s
    level.addRequest(record(true, 10, -1)); // an OpenAI-style server: no decode time
    level.addRequest(record(false, 10, 100_000)); // failed: not counted
    Figures figures = level.toFigures(10);
    assertEquals(100.0, figures.serverDecodeTokensPerSecond(), 1e-9);
    assertEquals(2, figures.serverDecodeSamples());

    LevelAccumulator run = new LevelAccumulator();
    run.addAll(level);
    run.addRequest(record(true, 20, 100_000)); // 200 tok/s
    assertEquals(400.0 / 3, run.toFigures(10).serverDecodeTokensPerSecond(), 1e-9);
  }

  @Test
  void withoutAnyReportTheFigureIsZeroWithNoSamples() {
    LevelAccumulator level = new LevelAccumulator();
    level.addRequest(record(true, 10, -1));
    assertEquals(0, level.toFigures(10).serverDecodeSamples());
    assertEquals(0.0, level.toFigures(10).serverDecodeTokensPerSecond());
  }
}
