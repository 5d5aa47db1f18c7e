package dev.gatlingllm.simulator;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The simulator's {@code /metrics} page, under vLLM's names, from the engine's own state: requests
 * running in the batch and waiting in its queue, the share of the KV-cache budget reserved, and
 * counters of the tokens it generated and the prompts it prefilled, of preemptions and of
 * prefix-cache queries and hits (in tokens, as vLLM counts them), with its time-to-first-token
 * histogram (from the request's arrival to the first token's planned write). Written by the engine
 * thread alone, read by any event loop. Tokens of the fixed-timing mode bypass the engine and are
 * not counted here.
 */
final class SimulatorMetrics {
  /** vLLM's bucket bounds of {@code vllm:time_to_first_token_seconds}. */
  static final double[] TTFT_BOUNDS = {
    0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0,
    20.0, 40.0, 80.0, 160.0, 640.0, 2560.0
  };

  private final String model;
  private final long kvCacheTokens;
  private volatile int running;
  private volatile int waiting;
  private volatile long kvInUse;
  private volatile long preemptions;
  private volatile long prefixCacheQueries;
  private volatile long prefixCacheHits;
  private final AtomicLong generationTokens = new AtomicLong();
  private final AtomicLong promptTokens = new AtomicLong();
  private final AtomicLong requestsFinished = new AtomicLong();
  private final AtomicLongArray ttftBuckets = new AtomicLongArray(TTFT_BOUNDS.length + 1);
  private final AtomicLong ttftSumNanos = new AtomicLong();

  SimulatorMetrics(String model, long kvCacheTokens) {
    this.model = model;
    this.kvCacheTokens = kvCacheTokens;
  }

  /**
   * Engine thread: the queue and batch after an iteration's admission, or when the engine went
   * idle.
   */
  void queue(int running, int waiting, long kvInUse) {
    this.running = running;
    this.waiting = waiting;
    this.kvInUse = kvInUse;
  }

  /**
   * Engine thread: the engine's running totals of preemptions and of prompt tokens looked up in,
   * and found in, the prefix cache.
   */
  void engineCounters(long preemptions, long prefixCacheQueries, long prefixCacheHits) {
    this.preemptions = preemptions;
    this.prefixCacheQueries = prefixCacheQueries;
    this.prefixCacheHits = prefixCacheHits;
  }

  /** Engine thread: one token of a request; its first one also counts its prompt and its TTFT. */
  void token(EngineRequest request, long ttftNanos, boolean first, boolean last) {
    generationTokens.incrementAndGet();
    if (first) {
      promptTokens.addAndGet(request.promptTokens());
      double seconds = ttftNanos / 1e9;
      int bucket = 0;
      while (bucket < TTFT_BOUNDS.length && seconds > TTFT_BOUNDS[bucket]) {
        bucket++;
      }
      ttftBuckets.incrementAndGet(bucket);
      ttftSumNanos.addAndGet(ttftNanos);
    }
    if (last) {
      requestsFinished.incrementAndGet();
    }
  }

  /**
   * Pooling engine: an embeddings or rerank request answered; its input tokens count as prompt
   * tokens and it as a finished request, as vLLM counts its pooling requests (no TTFT).
   */
  void pooled(long inputTokens) {
    promptTokens.addAndGet(inputTokens);
    requestsFinished.incrementAndGet();
  }

  /** The page in the Prometheus text format. */
  String page() {
    String labels =
        "{model_name=\""
            + model.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")
            + "\"}";
    StringBuilder out = new StringBuilder(4096);
    gauge(
        out,
        "vllm:num_requests_running",
        "Number of requests in model execution batches.",
        labels,
        running);
    gauge(
        out,
        "vllm:num_requests_waiting",
        "Number of requests waiting to be processed.",
        labels,
        waiting);
    gauge(
        out,
        "vllm:kv_cache_usage_perc",
        "KV-cache usage. 1 means 100 percent usage.",
        labels,
        (double) kvInUse / kvCacheTokens);
    counter(
        out,
        "vllm:num_preemptions_total",
        "Cumulative number of preemption from the engine.",
        labels,
        preemptions);
    counter(
        out,
        "vllm:prefix_cache_queries_total",
        "Prefix cache queries, in terms of number of queried tokens.",
        labels,
        prefixCacheQueries);
    counter(
        out,
        "vllm:prefix_cache_hits_total",
        "Prefix cache hits, in terms of number of cached tokens.",
        labels,
        prefixCacheHits);
    counter(
        out,
        "vllm:prompt_tokens_total",
        "Number of prefill tokens processed.",
        labels,
        promptTokens.get());
    counter(
        out,
        "vllm:generation_tokens_total",
        "Number of generation tokens processed.",
        labels,
        generationTokens.get());
    counter(
        out,
        "vllm:request_success_total",
        "Count of successfully processed requests.",
        labels,
        requestsFinished.get());
    String name = "vllm:time_to_first_token_seconds";
    out.append("# HELP ")
        .append(name)
        .append(" Histogram of time to first token in seconds.\n")
        .append("# TYPE ")
        .append(name)
        .append(" histogram\n");
    long cumulative = 0;
    String inner = labels.substring(1, labels.length() - 1);
    for (int i = 0; i <= TTFT_BOUNDS.length; i++) {
      cumulative += ttftBuckets.get(i);
      String le = i < TTFT_BOUNDS.length ? Double.toString(TTFT_BOUNDS[i]) : "+Inf";
      out.append(name)
          .append("_bucket{le=\"")
          .append(le)
          .append("\",")
          .append(inner)
          .append("} ")
          .append(cumulative)
          .append(".0\n");
    }
    out.append(name).append("_count").append(labels).append(' ').append(cumulative).append(".0\n");
    out.append(name)
        .append("_sum")
        .append(labels)
        .append(' ')
        .append(String.format(Locale.ROOT, "%.9f", ttftSumNanos.get() / 1e9))
        .append('\n');
    return out.toString();
  }

  private static void gauge(
      StringBuilder out, String name, String help, String labels, double value) {
    out.append("# HELP ")
        .append(name)
        .append(' ')
        .append(help)
        .append('\n')
        .append("# TYPE ")
        .append(name)
        .append(" gauge\n")
        .append(name)
        .append(labels)
        .append(' ')
        .append(value)
        .append('\n');
  }

  private static void counter(
      StringBuilder out, String name, String help, String labels, long value) {
    out.append("# HELP ")
        .append(name)
        .append(' ')
        .append(help)
        .append('\n')
        .append("# TYPE ")
        .append(name)
        .append(" counter\n")
        .append(name)
        .append(labels)
        .append(' ')
        .append(value)
        .append(".0\n");
  }
}
