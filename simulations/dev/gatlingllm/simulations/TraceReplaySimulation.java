package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;

import dev.gatlingllm.dsl.load.TraceReplay;
import dev.gatlingllm.dsl.prompts.PromptRecords;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Replays a recorded trace at its recorded arrival times (an open model): {@code llm.trace}
 * (default {@code trace-sample.jsonl} from {@code feeders/}) in Mooncake's format, one request a
 * line with {@code timestamp} (ms), {@code input_length}, {@code output_length} and optional {@code
 * hash_ids}, the blocks of {@code llm.trace.blockTokens} tokens (default 512) that requests share
 * as a prefix. {@code llm.trace.speed} scales the pace (2: twice as fast), {@code llm.trace.limit}
 * keeps the first N requests. Prompts are exact for {@code llm.tokenizer}; each request asks for
 * its recorded output length ({@code ignore_eos}). A JIT warm-up ({@code llm.warmupSeconds}) runs
 * first, with as many streams as the trace's mean rate, rounded up.
 */
public class TraceReplaySimulation extends Simulation {
  private final Settings properties = Settings.fromSystemProperties();
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(WorkloadSettings.defaults());
  private final String trace = properties.text("llm.trace", "trace-sample.jsonl");
  private final TraceReplay replay =
      TraceReplay.read(
          trace,
          properties.nonNegativeInt("llm.trace.limit", 0),
          properties.number("llm.trace.speed", 1.0, 1e-3, 1e3));
  private final int blockTokens =
      properties.positiveInt("llm.trace.blockTokens", TraceReplay.DEFAULT_BLOCK_TOKENS);

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final List<Map<String, Object>> records =
      replay.records(run.tokenizer(settings), blockTokens, settings.prompts().seed());
  private final ChainBuilder chatRequest =
      exec(
          chat("chat")
              .messages("#{messages}")
              .maxTokens(session -> session.getInt(PromptRecords.MAX_TOKENS))
              .ignoreEos(run.ignoreEos(true)));

  {
    run.announce(
        String.format(
            Locale.ROOT,
            "trace replay %s: %d requests over %.1f s (%.2f req/s on average)",
            trace,
            records.size(),
            replay.span().toNanos() / 1e9,
            replay.meanRate()));
    setUp(replay.build("trace", records, chatRequest, settings.jitWarmup(replay.warmupStreams())))
        .protocols(run.http(), run.llm(replay.plannedLevels()))
        .assertions(run.assertions(global().failedRequests().percent().lt(1.0)));
  }

  @Override
  public void after() {
    run.close();
  }
}
