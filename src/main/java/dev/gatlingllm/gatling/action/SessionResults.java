package dev.gatlingllm.gatling.action;

import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.stats.Micros;
import dev.gatlingllm.stream.FinishedStream;
import io.gatling.core.session.Session;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Saves a request's finished in the session under one key, as a map, so that checks, later requests
 * and multi-turn conversations can use it: {@code #{llm.content}}, {@code session.getMap("llm")}.
 */
public final class SessionResults {
  private SessionResults() {}

  /** The keys of the saved map. */
  public static final String CONTENT = "content";

  public static final String REASONING = "reasoning";
  public static final String FINISH_REASON = "finishReason";
  public static final String OK = "ok";
  public static final String STATUS = "status";
  public static final String ERROR = "error";
  public static final String TTFT_MS = "ttftMs";
  public static final String TTFB_MS = "ttfbMs";
  public static final String TPOT_MS = "tpotMs";
  public static final String E2EL_MS = "e2elMs";
  public static final String OUTPUT_TOKENS = "outputTokens";
  public static final String OUTPUT_TOKEN_SOURCE = "outputTokenSource";
  public static final String INPUT_TOKENS = "inputTokens";
  public static final String TOKEN_EVENTS = "tokenEvents";

  /**
   * The streamed tool calls, a {@code List<dev.gatlingllm.check.ToolCall>} (empty for an answer in
   * text): an agent's next turn sends them back with their results.
   */
  public static final String TOOL_CALLS = "toolCalls";

  /** The server's {@code Retry-After} in seconds (429, 503), -1 when it sent none. */
  public static final String RETRY_AFTER_S = "retryAfterS";

  /**
   * The server's own decode time, ms (Ollama's {@code eval_duration}, llama.cpp's {@code
   * predicted_per_token_ms} x {@code predicted_n}), -1 when it sent none.
   */
  public static final String SERVER_DECODE_MS = "serverDecodeMs";

  /**
   * The server's own prompt time, ms (llama.cpp's {@code timings.prompt_ms}, Ollama's {@code
   * prompt_eval_duration}), -1 when it sent none.
   */
  public static final String SERVER_PREFILL_MS = "serverPrefillMs";

  /**
   * Only with {@code saveItl()}: the gaps between token events, ms (microsecond resolution), a
   * {@code double[]}.
   */
  public static final String ITL_MS = "itlMs";

  static Session save(Session session, SavedResults saved, FinishedStream finished, String error) {
    RequestResult r = finished.result();
    Map<String, Object> values = new LinkedHashMap<>();
    values.put(CONTENT, finished.content());
    values.put(REASONING, finished.reasoning());
    values.put(TOOL_CALLS, finished.toolCalls());
    values.put(FINISH_REASON, finished.finishReason() == null ? "" : finished.finishReason());
    values.put(OK, r.ok());
    values.put(STATUS, r.verdict().httpStatus());
    values.put(ERROR, error == null ? "" : error);
    values.put(TTFT_MS, RequestResult.millis(r.timing().ttftNanos()));
    values.put(TTFB_MS, RequestResult.millis(r.timing().ttfbNanos()));
    values.put(TPOT_MS, RequestResult.millis(r.timing().tpotNanos()));
    values.put(E2EL_MS, RequestResult.millis(r.timing().e2elNanos()));
    values.put(OUTPUT_TOKENS, r.tokens().outputTokens());
    values.put(OUTPUT_TOKEN_SOURCE, r.tokens().outputTokenSource().label());
    values.put(INPUT_TOKENS, r.tokens().inputTokens());
    values.put(TOKEN_EVENTS, r.tokens().tokenEvents());
    values.put(RETRY_AFTER_S, r.verdict().retryAfterSeconds());
    values.put(SERVER_DECODE_MS, Micros.toMillis(r.server().decodeMicros()));
    values.put(SERVER_PREFILL_MS, Micros.toMillis(r.server().prefillMicros()));
    if (saved.itl()) {
      values.put(ITL_MS, itlMillis(r.itlNanos()));
    }
    return GatlingRuntime.set(session, saved.key(), Collections.unmodifiableMap(values));
  }

  private static double[] itlMillis(long[] gaps) {
    double[] millis = new double[gaps.length];
    for (int i = 0; i < gaps.length; i++) {
      millis[i] = RequestResult.millis(gaps[i]);
    }
    return millis;
  }
}
