package dev.gatlingllm.run;

import dev.gatlingllm.metrics.server.ServerMetrics;
import dev.gatlingllm.metrics.server.ServerMetricsSeries;
import dev.gatlingllm.secrets.Redactor;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads the server's Prometheus metrics page during the run, once a {@code interval}, on one daemon
 * thread of its own (never on Gatling's event loops) with the JDK's HTTP client. Each scrape is
 * bounded in bytes ({@link #MAX_PAGE_BYTES}, counted as they arrive: a page that never ends is cut
 * there) and in time ({@link #TIMEOUT} for the whole page, not only its headers: a page that
 * trickles is cut then); either closes the connection. A scrape that fails is counted and the first
 * failure printed once; it never fails the run, nor delays it by more than the timeout.
 */
final class ServerMetricsScraper {
  static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
  static final Duration TIMEOUT = Duration.ofSeconds(2);

  /** A page bigger than this is not a serving engine's metrics (vLLM's is some 100 KB). */
  static final int MAX_PAGE_BYTES = 8 * 1024 * 1024;

  private static final String TOO_LARGE =
      "page larger than "
          + MAX_PAGE_BYTES
          + " bytes ("
          + (MAX_PAGE_BYTES >> 20)
          + " MiB): reading stopped there and the connection closed";
  private static final String TOO_SLOW =
      "no complete page within " + TIMEOUT.toMillis() + " ms (the connection closed)";

  private final URI uri;
  private final ServerMetricsSeries series;
  private final PrintStream console;
  private final ScheduledExecutorService thread;
  private final ExecutorService httpExecutor;
  private final HttpClient client;

  private ServerMetricsScraper(URI uri, PrintStream console) {
    this.uri = uri;
    this.series = new ServerMetricsSeries(Redactor.url(uri.toString()));
    this.console = console;
    this.thread = Executors.newSingleThreadScheduledExecutor(daemon("llm-server-metrics"));
    this.httpExecutor = Executors.newSingleThreadExecutor(daemon("llm-server-metrics-http"));
    this.client =
        HttpClient.newBuilder()
            .connectTimeout(TIMEOUT)
            .executor(httpExecutor)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /** Starts scraping {@code url} now and every {@code interval}. */
  static ServerMetricsScraper start(String url, Duration interval, PrintStream console) {
    ServerMetricsScraper scraper = new ServerMetricsScraper(URI.create(url), console);
    scraper.thread.scheduleAtFixedRate(
        scraper::scrapeOnce, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    return scraper;
  }

  private void scrapeOnce() {
    scrapeOnce(true);
  }

  /**
   * @param counted whether a failure counts (the last scrape, after the load, is a bonus: its
   *     failure does not)
   */
  private void scrapeOnce(boolean counted) {
    BoundedBody page = new BoundedBody(MAX_PAGE_BYTES);
    CompletableFuture<HttpResponse<byte[]>> answer = null;
    try {
      HttpRequest request =
          HttpRequest.newBuilder(uri)
              .timeout(TIMEOUT)
              .GET()
              .header("Accept", "text/plain;version=0.0.4")
              .build();
      answer = client.sendAsync(request, info -> page);
      HttpResponse<byte[]> response = answer.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      long arrived = System.currentTimeMillis();
      if (response.statusCode() != 200) {
        failed("HTTP " + response.statusCode(), counted);
        return;
      }
      series.addPage(arrived, new String(response.body(), StandardCharsets.UTF_8));
    } catch (TimeoutException e) {
      // The JDK's request timeout ends at the headers: the whole page's deadline is this one.
      closeExchange(page, answer);
      failed(TOO_SLOW, counted);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      if (BoundedBody.TooLarge.isCauseOf(cause)) {
        failed(TOO_LARGE, counted);
      } else if (cause instanceof HttpTimeoutException
          && !(cause instanceof HttpConnectTimeoutException)) {
        failed(TOO_SLOW, counted);
      } else {
        failed(reason(cause), counted);
      }
    } catch (InterruptedException e) {
      closeExchange(page, answer);
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      failed(reason(e), counted);
    }
  }

  /** Stops reading a page: the connection is closed, whatever the exchange has come to. */
  private static void closeExchange(BoundedBody page, CompletableFuture<?> answer) {
    page.abort();
    if (answer != null) {
      answer.cancel(true);
    }
  }

  private static String reason(Throwable failure) {
    return failure.getMessage() != null ? failure.getMessage() : failure.getClass().getSimpleName();
  }

  private void failed(String why, boolean counted) {
    if (counted && series.addFailure(why)) {
      console.println(
          "gatling-llm: reading the server's metrics at "
              + Redactor.url(uri.toString())
              + " failed ("
              + why
              + "); the run goes on, failed scrapes are counted in the report");
    }
  }

  /**
   * Reads the page one last time (so that the counters cover the whole run), stops, and returns the
   * scrapes. The last read is a bonus: the embedded simulator, for one, has already stopped when
   * the run's report is written.
   */
  ServerMetrics stop() {
    try {
      thread.submit(() -> scrapeOnce(false)).get(TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      // the last scrape is a bonus: the figures stand without it
    }
    thread.shutdownNow();
    httpExecutor.shutdownNow();
    return series.snapshot();
  }

  private static ThreadFactory daemon(String name) {
    return runnable -> {
      Thread t = new Thread(runnable, name);
      t.setDaemon(true);
      return t;
    };
  }
}
