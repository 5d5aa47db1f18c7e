package dev.gatlingllm.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.metrics.level.LevelAccumulator;
import dev.gatlingllm.metrics.level.ServerTimes;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.RowBuilder;
import dev.gatlingllm.metrics.request.TokenCountSource;
import org.junit.jupiter.api.Test;

/**
 * The server's own times, kept per request and averaged per level: its decode speed (Ollama's
 * eval_count / eval_duration, llama.cpp's timings) and its prompt time (prompt_eval_duration,
 * prompt_ms).
 */
class ServerTimesFiguresTest {

  private static RequestRow record(
      boolean ok, long serverTokens, long decodeMicros, long prefillMicros) {
    return RowBuilder.row()
        .startEpochMillis(1_700_000_000_000L)
        .level(0)
        .inWindow(true)
        .requestName("chat")
        .ok(ok)
        .httpStatus(ok ? 200 : 500)
        .error(ok ? null : "boom")
        .good(ok)
        .ttftMicros(1_000)
        .ttfbMicros(500)
        .ttfoMicros(1_000)
        .tpotMicros(10_000)
        .e2elMicros(100_000)
        .itlMeanMicros(10_000)
        .itlP50Micros(10_000)
        .itlMaxMicros(10_000)
        .sendLatenessMicros(0)
        .ttftFromScheduledMicros(1_000)
        .durationMicros(101_000)
        .tokenEvents(10)
        .inputTokens(20)
        .inputTokenSource(TokenCountSource.SERVER_USAGE)
        .outputTokens(serverTokens)
        .outputTokenSource(TokenCountSource.SERVER_USAGE)
        .serverOutputTokens(serverTokens)
        .serverDecodeMicros(decodeMicros)
        .serverPrefillMicros(prefillMicros)
        .build();
  }

  private static RequestRow record(boolean ok, long serverTokens, long decodeMicros) {
    return record(ok, serverTokens, decodeMicros, -1);
  }

  @Test
  void perRequestSpeedIsServerTokensOverServerDecodeTime() {
    assertEquals(50.0, record(true, 10, 200_000).serverDecodeTokensPerSecond(), 1e-9);
    assertEquals(
        -1, record(true, 10, -1).serverDecodeTokensPerSecond(), "no decode time from the server");
    assertEquals(
        -1, record(true, -1, 200_000).serverDecodeTokensPerSecond(), "no count from the server");
  }

  @Test
  void aLevelAveragesTheSuccessfulStreamsThatReportedIt() {
    LevelAccumulator level = new LevelAccumulator();
    level.addRequest(record(true, 10, 200_000, 800)); // 50 tok/s, 0.8 ms of prompt
    level.addRequest(record(true, 30, 200_000, 1_200)); // 150 tok/s, 1.2 ms
    level.addRequest(record(true, 10, -1)); // an OpenAI-style server: no times
    level.addRequest(record(false, 10, 100_000, 50_000)); // failed: not counted
    ServerTimes times = level.toFigures(10).serverTimes();
    assertEquals(100.0, times.decodeTokensPerSecond(), 1e-9);
    assertEquals(2, times.decodeStreams());
    assertEquals(1.0, times.meanPrefillMillis(), 1e-9);
    assertEquals(2, times.prefillStreams());

    LevelAccumulator run = new LevelAccumulator();
    run.addAll(level);
    run.addRequest(record(true, 20, 100_000, 4_000)); // 200 tok/s, 4 ms
    assertEquals(400.0 / 3, run.toFigures(10).serverTimes().decodeTokensPerSecond(), 1e-9);
    assertEquals(2.0, run.toFigures(10).serverTimes().meanPrefillMillis(), 1e-9);
    assertEquals(3, run.toFigures(10).serverTimes().prefillStreams());
  }

  @Test
  void withoutAnyReportTheFiguresAreZeroWithNoSamples() {
    LevelAccumulator level = new LevelAccumulator();
    level.addRequest(record(true, 10, -1));
    assertEquals(new ServerTimes(0, 0, 0, 0), level.toFigures(10).serverTimes());
  }
}
