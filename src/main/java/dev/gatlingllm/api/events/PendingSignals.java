package dev.gatlingllm.api.events;

import dev.gatlingllm.api.OutputPieces;
import dev.gatlingllm.api.StreamSignals;
import dev.gatlingllm.values.OutputKind;

/**
 * The signals of the event being read, held until the whole event parsed: a truncated or broken
 * event then reports {@link StreamSignals#onMalformed} alone, never half of its content, so that a
 * damaged event cannot be taken for the first token. Reused event after event; one per stream.
 */
public final class PendingSignals {
  // Outputs and finish reasons in stream order: a null kind marks a finish reason.
  private final OutputPieces pieces = new OutputPieces(4);
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
      pieces.add(kind, text);
    }
  }

  public void finish(String reason) {
    pieces.add(null, reason);
  }

  /**
   * Server token counts, -1 for one not given; a later call in the same event keeps the counts it
   * lacks.
   */
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

  /**
   * Hands the signals over (outputs and finish reasons, usage, server times, error, end) and clears
   * them.
   */
  public void emitTo(StreamSignals signals) {
    for (int i = 0; i < pieces.size(); i++) {
      if (pieces.kind(i) == null) {
        signals.onFinish(pieces.text(i));
      } else {
        signals.onOutput(pieces.kind(i), pieces.text(i));
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
    pieces.clear();
    hasUsage = false;
    promptTokens = -1;
    completionTokens = -1;
    reasoningTokens = -1;
    serverDecodeNanos = -1;
    serverPrefillNanos = -1;
    error = null;
    done = false;
  }
}
