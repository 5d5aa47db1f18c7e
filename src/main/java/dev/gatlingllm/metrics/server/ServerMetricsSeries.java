package dev.gatlingllm.metrics.server;

import java.util.ArrayList;
import java.util.List;

/**
 * The scrapes of a run as they come in, from the scraping thread, and the failures. Thread-safe.
 * Memory is bounded: past {@link #MAX_SAMPLES} scrapes (more than a day at one a second), every
 * other one is dropped and the run keeps its shape at half the resolution.
 */
public final class ServerMetricsSeries {
  public static final int MAX_SAMPLES = 100_000;

  private final String url;
  private final List<ServerSample> samples = new ArrayList<>();
  private ServerEngine engine;
  private long scrapes;
  private long failures;
  private String firstFailure;

  /**
   * @param url the page's address, already free of secrets
   */
  public ServerMetricsSeries(String url) {
    this.url = url;
  }

  /**
   * Adds one page read at {@code epochMillis}.
   *
   * @throws IllegalArgumentException when the page is not in the format ({@link
   *     PrometheusText.FormatException}) or has no name of a known engine; the caller counts it as
   *     a failed scrape
   */
  public void addPage(long epochMillis, String page) {
    List<PrometheusText.Sample> parsed = PrometheusText.parse(page);
    synchronized (this) {
      if (engine == null) {
        engine = ServerEngine.detect(parsed);
      }
      if (engine == null) {
        throw new IllegalArgumentException(
            "the page has none of the metric names of vLLM, SGLang, TGI or llama.cpp");
      }
      scrapes++;
      ServerSample sample = engine.read(epochMillis, parsed);
      if (!samples.isEmpty() && samples.get(samples.size() - 1).epochMillis() > epochMillis) {
        return; // a late answer to an earlier scrape: keep the series in time order
      }
      samples.add(sample);
      if (samples.size() > MAX_SAMPLES) {
        List<ServerSample> halved = new ArrayList<>(samples.size() / 2 + 1);
        for (int i = 0; i < samples.size(); i += 2) {
          halved.add(samples.get(i));
        }
        samples.clear();
        samples.addAll(halved);
      }
    }
  }

  /** Counts a failed scrape; the first one's reason is kept. Returns true for the first failure. */
  public synchronized boolean addFailure(String why) {
    failures++;
    if (firstFailure == null) {
      firstFailure = why;
      return true;
    }
    return false;
  }

  public synchronized long failures() {
    return failures;
  }

  /** The scrapes so far, with no level figures yet ({@link ServerMetrics#forLevels}). */
  public synchronized ServerMetrics snapshot() {
    return new ServerMetrics(url, engine, scrapes, failures, firstFailure, samples, List.of());
  }
}
