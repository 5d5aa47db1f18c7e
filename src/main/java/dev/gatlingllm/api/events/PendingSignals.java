package dev.gatlingllm.api.events;

import dev.gatlingllm.api.OutputKind;
import dev.gatlingllm.api.StreamSignals;
import java.util.Arrays;

/**
 * The signals of the event being read, held until the whole event parsed: a truncated or broken event then
 * reports {@link StreamSignals#onMalformed} alone, never half of its content, so that a damaged event cannot
 * be taken for the first token. Reused event after event; one per stream.
 */
public final class PendingSignals {
  // Outputs and finish reasons in stream order: a null kind marks a finish reason.
  private OutputKind[] kinds = new OutputKind[4];
  private String[] texts = new String[4];
  private int count;
  private boolean hasUsage;
  private long promptTokens;
  private long completionTokens;
  private long reasoningTokens;
  private long serverDecodeNanos;
  private long serverPrefillNanos;
  private String error;
  private boolean done;

  public PendingSignals() {
    clear();
  }

  /** Generated output; an empty text is not output and is dropped here. */
  public void output(OutputKind kind, String text) {
    if (!text.isEmpty()) {
      add(kind, text);
    }
  }

  public void finish(String reason) {
    add(null, reason);
  }

  /** Server token counts, -1 for one not given; a later call in the same event keeps the counts it lacks. */
  public void usage(long prompt, long completion) {
    hasUsage = true;
    if (prompt != -1) {
      promptTokens = prompt;
    }
    if (completion != -1) {
      completionTokens = completion;
    }
  }

  /** The server's count of reasoning tokens within the output tokens; -1 for none given. */
  public void reasoningTokens(long reasoning) {
    if (reasoning != -1) {
      reasoningTokens = reasoning;
    }
  }

  /** The server's own decode time, in nanoseconds (from llama.cpp's {@code timings}). */
  public void serverDecodeTime(long nanos) {
    serverDecodeNanos = nanos;
  }

  /** The server's own prompt time, in nanoseconds (llama.cpp's {@code timings.prompt_ms}). */
  public void serverPrefillTime(long nanos) {
    serverPrefillNanos = nanos;
  }

  /** An error reported inside the stream; the first one of an event is kept. */
  public void error(String message) {
    if (error == null) {
      error = message;
    }
  }

  /** The event ends the stream. */
  public void done() {
    done = true;
  }

  /** Hands the signals over (outputs and finish reasons, usage, server times, error, end) and clears them. */
  public void emitTo(StreamSignals signals) {
    for (int i = 0; i < count; i++) {
      if (kinds[i] == null) {
        signals.onFinish(texts[i]);
      } else {
        signals.onOutput(kinds[i], texts[i]);
      }
    }
    if (hasUsage) {
      signals.onUsage(promptTokens, completionTokens);
      if (reasoningTokens >= 0) {
        signals.onReasoningTokens(reasoningTokens);
      }
    }
    if (serverDecodeNanos >= 0) {
      signals.onServerDecodeTime(serverDecodeNanos);
    }
    if (serverPrefillNanos >= 0) {
      signals.onServerPrefillTime(serverPrefillNanos);
    }
    if (error != null) {
      signals.onStreamError(error);
    } else if (done) {
      signals.onDone();
    }
    clear();
  }

  public void clear() {
    // Drop the texts so that a long-lived interpreter keeps no output alive.
    Arrays.fill(texts, 0, count, null);
    count = 0;
    hasUsage = false;
    promptTokens = -1;
    completionTokens = -1;
    reasoningTokens = -1;
    serverDecodeNanos = -1;
    serverPrefillNanos = -1;
    error = null;
    done = false;
  }

  private void add(OutputKind kind, String text) {
    if (count == kinds.length) {
      kinds = Arrays.copyOf(kinds, count * 2);
      texts = Arrays.copyOf(texts, count * 2);
    }
    kinds[count] = kind;
    texts[count] = text;
    count++;
  }
}
