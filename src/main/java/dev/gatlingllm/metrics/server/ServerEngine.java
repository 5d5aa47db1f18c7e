package dev.gatlingllm.metrics.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The metric names of the serving engines whose pages this reader maps to neutral figures. A figure
 * an engine does not expose is null here and NaN in its samples. Where an engine has a histogram of
 * per-request counts but no counter (TGI's generated tokens and prompt lengths), the histogram's
 * {@code _sum} is the counter; it grows when requests end, not token by token.
 */
public enum ServerEngine {
  VLLM(
      "vLLM",
      "vllm:num_requests_running",
      "vllm:num_requests_waiting",
      List.of("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"),
      "vllm:num_preemptions_total",
      "vllm:generation_tokens_total",
      "vllm:prompt_tokens_total",
      "vllm:time_to_first_token_seconds",
      "vllm:prefix_cache_queries_total",
      "vllm:prefix_cache_hits_total"),
  // SGLang calls a preemption a retraction: its counter (the gauge sglang:num_retracted_reqs is the
  // last batch's).
  SGLANG(
      "SGLang",
      "sglang:num_running_reqs",
      "sglang:num_queue_reqs",
      List.of("sglang:token_usage"),
      "sglang:num_retracted_requests_total",
      "sglang:generation_tokens_total",
      "sglang:prompt_tokens_total",
      "sglang:time_to_first_token_seconds",
      null,
      null),
  TGI(
      "TGI",
      "tgi_batch_current_size",
      "tgi_queue_size",
      List.of(),
      null,
      "tgi_request_generated_tokens_sum",
      "tgi_request_input_length_sum",
      null,
      null,
      null),
  LLAMA_CPP(
      "llama.cpp",
      "llamacpp:requests_processing",
      "llamacpp:requests_deferred",
      List.of("llamacpp:kv_cache_usage_ratio"),
      null,
      "llamacpp:tokens_predicted_total",
      "llamacpp:prompt_tokens_total",
      null,
      null,
      null);

  private final String label;
  private final String running;
  private final String waiting;
  private final List<String> kvCacheUsage;
  private final String preemptions;
  private final String generatedTokens;
  private final String promptTokens;
  private final String ttftHistogram;

  /**
   * Counters of prompt tokens looked up in the prefix cache and of those found there (vLLM counts
   * both in tokens); null for an engine without them. SGLang gives only a gauge of its last batch's
   * hit rate, which no window's share can be made of.
   */
  private final String prefixCacheQueries;

  private final String prefixCacheHits;

  ServerEngine(
      String label,
      String running,
      String waiting,
      List<String> kvCacheUsage,
      String preemptions,
      String generatedTokens,
      String promptTokens,
      String ttftHistogram,
      String prefixCacheQueries,
      String prefixCacheHits) {
    this.prefixCacheQueries = prefixCacheQueries;
    this.prefixCacheHits = prefixCacheHits;
    this.label = label;
    this.running = running;
    this.waiting = waiting;
    this.kvCacheUsage = kvCacheUsage;
    this.preemptions = preemptions;
    this.generatedTokens = generatedTokens;
    this.promptTokens = promptTokens;
    this.ttftHistogram = ttftHistogram;
  }

  public String label() {
    return label;
  }

  /** The engine whose running-requests gauge the page has, or null when it is none of them. */
  public static ServerEngine detect(List<PrometheusText.Sample> samples) {
    for (ServerEngine engine : values()) {
      for (PrometheusText.Sample sample : samples) {
        if (sample.name().equals(engine.running) || sample.name().equals(engine.generatedTokens)) {
          return engine;
        }
      }
    }
    return null;
  }

  /** The page's figures at {@code epochMillis}. */
  public ServerSample read(long epochMillis, List<PrometheusText.Sample> samples) {
    double kv = Double.NaN;
    for (String name : kvCacheUsage) {
      kv = max(samples, name);
      if (!Double.isNaN(kv)) {
        break;
      }
    }
    return new ServerSample(
        epochMillis,
        sum(samples, running),
        sum(samples, waiting),
        kv,
        sum(samples, preemptions),
        sum(samples, generatedTokens),
        sum(samples, promptTokens),
        histogram(samples, ttftHistogram),
        sum(samples, prefixCacheQueries),
        sum(samples, prefixCacheHits));
  }

  /**
   * The sum over every series of the metric (several models, data-parallel engines), NaN when
   * absent.
   */
  static double sum(List<PrometheusText.Sample> samples, String name) {
    if (name == null) {
      return Double.NaN;
    }
    double total = 0;
    boolean found = false;
    for (PrometheusText.Sample sample : samples) {
      if (sample.name().equals(name) && !Double.isNaN(sample.value())) {
        total += sample.value();
        found = true;
      }
    }
    return found ? total : Double.NaN;
  }

  private static double max(List<PrometheusText.Sample> samples, String name) {
    double max = Double.NaN;
    for (PrometheusText.Sample sample : samples) {
      if (sample.name().equals(name) && !Double.isNaN(sample.value())) {
        max = Double.isNaN(max) ? sample.value() : Math.max(max, sample.value());
      }
    }
    return max;
  }

  /**
   * The histogram's buckets summed over its series by upper bound, or null when the page has none.
   */
  static CumulativeHistogram histogram(List<PrometheusText.Sample> samples, String name) {
    if (name == null) {
      return null;
    }
    String bucket = name + "_bucket";
    TreeMap<Double, Double> counts = new TreeMap<>();
    for (PrometheusText.Sample sample : samples) {
      if (sample.name().equals(bucket)) {
        String le = sample.label("le");
        if (le == null) {
          continue;
        }
        double bound;
        try {
          bound =
              le.equals("+Inf") || le.equals("Inf")
                  ? Double.POSITIVE_INFINITY
                  : Double.parseDouble(le);
        } catch (NumberFormatException e) {
          return null; // not a histogram this reader understands: no figure rather than a wrong one
        }
        counts.merge(bound, sample.value(), Double::sum);
      }
    }
    if (counts.isEmpty() || counts.lastKey() != Double.POSITIVE_INFINITY) {
      return null;
    }
    double[] bounds = new double[counts.size()];
    double[] cumulative = new double[counts.size()];
    int i = 0;
    for (Map.Entry<Double, Double> entry : counts.entrySet()) {
      bounds[i] = entry.getKey();
      cumulative[i++] = entry.getValue();
    }
    double sum = sum(samples, name + "_sum");
    return new CumulativeHistogram(bounds, cumulative, Double.isNaN(sum) ? 0 : sum);
  }

  /** The names this engine's figures are read from, for the docs and the report. */
  public List<String> metricNames() {
    List<String> names = new ArrayList<>();
    for (String name :
        new String[] {
          running,
          waiting,
          preemptions,
          generatedTokens,
          promptTokens,
          ttftHistogram,
          prefixCacheQueries,
          prefixCacheHits
        }) {
      if (name != null) {
        names.add(name);
      }
    }
    names.addAll(kvCacheUsage);
    return names;
  }
}
