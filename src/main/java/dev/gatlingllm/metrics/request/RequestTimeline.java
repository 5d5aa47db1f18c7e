package dev.gatlingllm.metrics.request;

import dev.gatlingllm.metrics.stats.Micros;
import java.util.Arrays;

/**
 * The monotonic-nanosecond history of one streamed request, as metrics.md defines its timestamps.
 *
 * <p>Mutable and confined to the thread that drives the request (the virtual user's event loop). It
 * keeps one primitive array of inter-token gaps, at most {@link #MAX_KEPT_GAPS} long, and nothing
 * per token beyond that; {@link #toResult} turns it into the immutable {@link RequestResult} every
 * consumer reads.
 */
public final class RequestTimeline {
  /** Marks a timestamp not reached: {@link System#nanoTime()} may be any value, even negative. */
  public static final long UNSET = Long.MIN_VALUE;

  /**
   * The most inter-token gaps one request keeps (512 KiB): far more than any real answer has
   * events, while an endless stream of tiny events cannot grow the list until its timeout. The gaps
   * after these are not kept; the token event count stays exact, so {@code itlNanos().length <
   * tokenEvents() - 1} says the cap was hit.
   */
  public static final int MAX_KEPT_GAPS = 1 << 16;

  /**
   * The largest server token count believed: above any context length today by three orders of
   * magnitude, and low enough that the run's sums cannot overflow. A larger or negative count is a
   * server bug.
   */
  public static final long MAX_PLAUSIBLE_TOKENS = 1_000_000_000L;

  /**
   * {@code serverOutputTokens} of a request whose server sent a count that was not believed (see
   * above).
   */
  public static final long UNTRUSTED_COUNT = -2;

  private final long scheduledNanos;
  private long sentNanos = UNSET;
  private long headersNanos = UNSET;
  private long firstTokenNanos = UNSET;
  private long firstAnswerTokenNanos = UNSET;
  private long lastTokenNanos = UNSET;
  private long doneNanos = UNSET;

  private int tokenEvents;
  private int answerEvents;
  private long[] gaps = new long[64];
  private int gapCount;

  private long serverPromptTokens = -1;
  private long serverCompletionTokens = -1;
  private long serverDecodeNanos = -1;
  private long serverPrefillNanos = -1;
  private long serverReasoningTokens = -1;
  private String requestId;

  public RequestTimeline(long scheduledNanos) {
    this.scheduledNanos = scheduledNanos;
  }

  /** The request bytes are about to be written; a retry on a fresh connection moves it forward. */
  public void onSent(long nanos) {
    if (headersNanos == UNSET) {
      sentNanos = nanos;
    }
  }

  /**
   * The response headers arrived; only the first call counts.
   *
   * @param requestId the server's id of the request (its {@code x-request-id} header), or null;
   *     kept bounded
   */
  public void onHeaders(long nanos, String requestId) {
    if (headersNanos == UNSET) {
      headersNanos = nanos;
      this.requestId = RequestIds.bounded(requestId);
    }
  }

  /**
   * One event carrying generated output arrived at {@code nanos}. {@code answer} is true when it
   * carried answer content (not only reasoning or tool-call data).
   */
  public void onTokenEvent(long nanos, boolean answer) {
    if (firstTokenNanos == UNSET) {
      firstTokenNanos = nanos;
    } else {
      addGap(nanos - lastTokenNanos);
    }
    if (answer) {
      answerEvents++;
      if (firstAnswerTokenNanos == UNSET) {
        firstAnswerTokenNanos = nanos;
      }
    }
    lastTokenNanos = nanos;
    tokenEvents++;
  }

  /**
   * Server token counts; a later usage object replaces an earlier one, a missing count (-1) keeps
   * it. An implausible count (negative, or above {@link #MAX_PLAUSIBLE_TOKENS}) is not believed:
   * the request falls back to the client's count, and an implausible completion count shows as
   * {@link #UNTRUSTED_COUNT}.
   */
  public void onUsage(long promptTokens, long completionTokens) {
    if (promptTokens != -1) {
      serverPromptTokens = plausible(promptTokens) ? promptTokens : -1;
    }
    if (completionTokens != -1) {
      serverCompletionTokens = plausible(completionTokens) ? completionTokens : UNTRUSTED_COUNT;
    }
  }

  private static boolean plausible(long tokens) {
    return tokens >= 0 && tokens <= MAX_PLAUSIBLE_TOKENS;
  }

  /**
   * The server's own measure of its decode time (Ollama's {@code eval_duration}, from llama.cpp's
   * {@code timings}); a negative one is not believed.
   */
  public void onServerDecodeTime(long nanos) {
    serverDecodeNanos = nanos >= 0 ? nanos : -1;
  }

  /**
   * The server's own measure of its prompt time (llama.cpp's {@code timings.prompt_ms}, Ollama's
   * {@code prompt_eval_duration}); a negative one is not believed.
   */
  public void onServerPrefillTime(long nanos) {
    serverPrefillNanos = nanos >= 0 ? nanos : -1;
  }

  /**
   * The server's count of reasoning tokens within its output count (OpenAI's {@code
   * reasoning_tokens}); an implausible one is not believed.
   */
  public void onReasoningTokens(long tokens) {
    serverReasoningTokens = plausible(tokens) ? tokens : -1;
  }

  /** The stream ended (end marker, end of body, error or timeout). Only the first call counts. */
  public void onDone(long nanos) {
    if (doneNanos == UNSET) {
      doneNanos = nanos;
    }
  }

  public long scheduledNanos() {
    return scheduledNanos;
  }

  public long sentNanos() {
    return sentNanos;
  }

  public boolean hasFirstToken() {
    return firstTokenNanos != UNSET;
  }

  public int tokenEvents() {
    return tokenEvents;
  }

  private void addGap(long gap) {
    if (gapCount == MAX_KEPT_GAPS) {
      return;
    }
    if (gapCount == gaps.length) {
      gaps = Arrays.copyOf(gaps, gaps.length * 2);
    }
    gaps[gapCount++] = gap;
  }

  /**
   * Freezes the timeline into a result.
   *
   * @param outcome OK or KO with its message
   * @param clientOutputTokens a client tokenizer count of the generated text, or -1 without a
   *     tokenizer
   * @param clientInputTokens a client tokenizer count of the prompt, or -1 without a tokenizer
   * @param generation the limit the request asked for and the finish reason it ended with
   */
  public RequestResult toResult(
      Verdict outcome, long clientOutputTokens, long clientInputTokens, Generation generation) {
    return toResult(outcome, clientOutputTokens, clientInputTokens, generation, PromptImages.NONE);
  }

  /**
   * Freezes the timeline into a result, with the images the prompt carried.
   *
   * @param images the images the request sent
   */
  public RequestResult toResult(
      Verdict outcome,
      long clientOutputTokens,
      long clientInputTokens,
      Generation generation,
      PromptImages images) {
    return toResult(
        outcome, clientOutputTokens, clientInputTokens, generation, images, PromptAudioClips.NONE);
  }

  /**
   * Freezes the timeline into a result, with the images and audio clips the prompt carried.
   *
   * @param images the images the request sent
   * @param audio the audio clips the request sent
   */
  public RequestResult toResult(
      Verdict outcome,
      long clientOutputTokens,
      long clientInputTokens,
      Generation generation,
      PromptImages images,
      PromptAudioClips audio) {
    long start = sentNanos != UNSET ? sentNanos : scheduledNanos;
    long end = doneNanos != UNSET ? doneNanos : start;
    long outputTokens;
    TokenCountSource outputSource;
    if (serverCompletionTokens >= 0) {
      outputTokens = serverCompletionTokens;
      outputSource = TokenCountSource.SERVER_USAGE;
    } else if (clientOutputTokens >= 0) {
      outputTokens = clientOutputTokens;
      outputSource = TokenCountSource.TOKENIZER;
    } else {
      outputTokens = tokenEvents;
      outputSource = TokenCountSource.EVENT_COUNT;
    }
    long inputTokens;
    TokenCountSource inputSource;
    if (serverPromptTokens >= 0) {
      inputTokens = serverPromptTokens;
      inputSource = TokenCountSource.SERVER_USAGE;
    } else if (clientInputTokens >= 0) {
      inputTokens = clientInputTokens;
      inputSource = TokenCountSource.TOKENIZER;
    } else {
      inputTokens = -1;
      inputSource = TokenCountSource.UNKNOWN;
    }
    boolean sent = sentNanos != UNSET;
    long ttft = sent && firstTokenNanos != UNSET ? firstTokenNanos - sentNanos : -1;
    long e2el = sent && lastTokenNanos != UNSET ? lastTokenNanos - sentNanos : -1;
    if (generation.wholeAnswer() && sent && outcome.ok() && doneNanos != UNSET) {
      // An embeddings or rerank answer streams no token: its latency ends with the whole answer.
      e2el = doneNanos - sentNanos;
    }
    long tpot = ttft >= 0 && outputTokens > 1 ? (e2el - ttft) / (outputTokens - 1) : -1;
    Timing timing =
        new Timing(
            start - scheduledNanos,
            sent && headersNanos != UNSET ? headersNanos - sentNanos : -1,
            ttft,
            firstTokenNanos != UNSET ? firstTokenNanos - scheduledNanos : -1,
            sent && firstAnswerTokenNanos != UNSET ? firstAnswerTokenNanos - sentNanos : -1,
            e2el,
            tpot,
            end - start);
    TokenCounts tokens =
        new TokenCounts(
            tokenEvents,
            inputTokens,
            inputSource,
            outputTokens,
            outputSource,
            serverCompletionTokens,
            clientOutputTokens,
            generation.maxTokens(),
            generation.finishReason(),
            answerEvents,
            images.count(),
            images.bytes(),
            generation.inputs(),
            audio.count(),
            audio.bytes(),
            audio.millis());
    ServerFigures server =
        new ServerFigures(
            Micros.of(serverDecodeNanos),
            Micros.of(serverPrefillNanos),
            // Reasoning is part of the output count: more of it than the whole is not believed.
            serverReasoningTokens >= 0
                    && serverCompletionTokens >= 0
                    && serverReasoningTokens <= serverCompletionTokens
                ? serverReasoningTokens
                : -1);
    return new RequestResult(
        outcome, requestId, timing, Arrays.copyOf(gaps, gapCount), tokens, server);
  }
}
