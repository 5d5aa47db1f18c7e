package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.request.RequestKind;
import dev.gatlingllm.metrics.stats.Distribution;
import java.util.EnumSet;
import java.util.Set;

/**
 * The figures of one level, or of the whole run, over its measurement window (metrics.md, "Run and
 * level figures"), in parts that follow metrics.md's sections. Requests count by their start time,
 * output tokens by their arrival time.
 *
 * <p>Latencies and token totals cover the successful requests, as in vLLM; the good fraction counts
 * failed requests as not good; send lateness covers every request, since a failed request waited as
 * well.
 *
 * @param windowSeconds the length of the measurement window (a union of windows after a merge)
 * @param counts how the requests started in the window ended
 * @param throughput what the window delivered per second
 * @param arrivals the rates the requests arrived and were sent at
 * @param latency the latencies of the successful requests, and every request's send lateness
 * @param tokens the tokens of the successful requests and where their counts came from
 * @param outputLengths the successful requests' output lengths, and how many stopped before their
 *     limit
 * @param reasoning the reasoning tokens servers counted apart within their output counts
 * @param images the images the successful requests' prompts carried, per request
 * @param serverTimes what the server said of its own decode and prompt times, for servers that time
 *     them
 * @param rates requests and tokens per minute, and the requests turned away with HTTP 429
 * @param untrusted requests whose server figures were not taken as given (ignored usage, capped
 *     gaps, cut output)
 * @param schema the answers judged against their requests' JSON schema, and how many were valid
 * @param pooled the embeddings and rerank requests: inputs and input tokens per second
 * @param eventLoopDelay how late the client's event loops ran during the window
 *     (EventLoopDelayProbe): a bound on what the client itself added to the latencies it measured;
 *     empty when not probed
 * @param audio the audio clips the successful requests' prompts carried, per request
 */
public record Figures(
    double windowSeconds,
    RequestCounts counts,
    Throughput throughput,
    Arrivals arrivals,
    LatencyFigures latency,
    TokenTotals tokens,
    OutputLengths outputLengths,
    ReasoningTokens reasoning,
    ImageFigures images,
    ServerTimes serverTimes,
    RateFigures rates,
    UntrustedStreams untrusted,
    SchemaAnswers schema,
    PooledInputs pooled,
    Distribution eventLoopDelay,
    AudioFigures audio) {

  /** The requests of {@code kind} started in the window, successful or not. */
  public long requestsOf(RequestKind kind) {
    return kind == RequestKind.POOLING
        ? pooled.sent()
        : Math.max(0, counts.requests() - pooled.sent());
  }

  /** The kinds of request started in the window (metrics.md, "Request kinds"); empty for none. */
  public Set<RequestKind> kinds() {
    Set<RequestKind> kinds = EnumSet.noneOf(RequestKind.class);
    for (RequestKind kind : RequestKind.values()) {
      if (requestsOf(kind) > 0) {
        kinds.add(kind);
      }
    }
    return kinds;
  }
}
