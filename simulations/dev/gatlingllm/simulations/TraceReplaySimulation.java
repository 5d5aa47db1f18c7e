package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;

import dev.gatlingllm.dsl.load.TraceReplay;
import dev.gatlingllm.dsl.prompts.PromptRecords;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.dsl.ready.TraceSettings;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Replays a recorded trace at its recorded arrival times (an open model): {@code llm.trace}
 * (default {@code trace-sample.jsonl} from {@code feeders/}) in Mooncake's format (JSONL, {@code
 * timestamp} in ms, {@code input_length}, {@code output_length}, optional {@code hash_ids}: the
 * blocks of {@code llm.trace.blockTokens} tokens, default 512, that requests share as a prefix),
 * BurstGPT's CSV ({@code burstgpt-sample.csv}) or Azure's LLM inference CSV ({@code
 * azure-sample.csv}), told apart by the header or named by {@code llm.trace.format}. {@code
 * llm.trace.speed} scales the pace (2: twice as fast), {@code llm.trace.fromSeconds} and {@code
 * llm.trace.toSeconds} keep a window of the trace's own time, {@code llm.trace.limit} the first N
 * requests in it; rows with no output (BurstGPT's failed requests) are skipped unless {@code
 * llm.trace.keepZeroOutput=true}. Prompts are exact for {@code llm.tokenizer}; each request asks
 * for its recorded output length ({@code ignore_eos}). Before the load, the target is sized or
 * warned for the trace's longest requests and pace ({@link ReadyRun#forTrace}). A JIT warm-up
 * ({@code llm.warmupSeconds}) runs first, with as many streams as the trace's mean rate, rounded
 * up.
 */
public class TraceReplaySimulation extends Simulation {
  private final Settings properties = Settings.fromSystemProperties();
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(WorkloadSettings.defaults());
  private final String trace = properties.text("llm.trace", "trace-sample.jsonl");
  private final TraceReplay replay = TraceReplay.read(trace, TraceSettings.fromSystemProperties());
  private final int blockTokens =
      properties.wholeNumber("llm.trace.blockTokens", TraceReplay.DEFAULT_BLOCK_TOKENS);

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.forTrace(replay);
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
            "trace replay %s (%s): %d requests over %.1f s (%.2f req/s on average)%s",
            trace,
            replay.format(),
            records.size(),
            replay.span().toNanos() / 1e9,
            replay.meanRate(),
            replay.skippedZeroOutput() == 0
                ? ""
                : ", "
                    + replay.skippedZeroOutput()
                    + " rows with no output (failed requests) skipped"
                    + " (llm.trace.keepZeroOutput=true keeps them)"));
    setUp(replay.build("trace", records, chatRequest, settings.jitWarmup(replay.warmupStreams())))
        .protocols(run.http(), run.llm(replay.plannedLevels()))
        .assertions(run.assertions(global().failedRequests().percent().lt(1.0)));
  }

  @Override
  public void after() {
    run.close();
  }
}
