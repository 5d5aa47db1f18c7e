package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.dsl.LlmProtocolBuilder;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.stream.MediaTypes;
import dev.gatlingllm.values.ChatMessage;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One request before the load, to stop a run whose target is wrong in one clear line instead of
 * sending it thousands of failing requests: a streamed request for one output token, with the run's
 * dialect, endpoint, model and key, so that it checks exactly what the load will send (a {@code GET
 * /v1/models} would not check the endpoint nor the dialect, and not every server or dialect has
 * it). Only the status and the response's {@code Content-Type} are judged; the body of a successful
 * answer is not waited for.
 *
 * <p>It blocks (java.net.http, its own threads): call it while the simulation is built, before
 * Gatling starts the load, never from a virtual user.
 */
public final class TargetProbe {
  /** The check's output limit: one token. */
  static final int MAX_TOKENS = 1;

  /**
   * What the check meters against a tokens-per-minute budget, counted as the load's requests are:
   * "Hi" + 1.
   */
  public static final long METERED_TOKENS = 1 + MAX_TOKENS;

  private TargetProbe() {}

  /**
   * Why a run stops before its load; its message is the one line to read. No stack trace: it is not
   * a bug.
   */
  static final class TargetUnusable extends UserError {
    /** The line was printed where the probe failed: the run ends without printing it again. */
    TargetUnusable(String message) {
      super(message, true);
    }
  }

  /**
   * Sends the probe and fails when the target cannot serve the load; prints one line either way.
   *
   * @param baseUrl the server's root, e.g. {@code http://127.0.0.1:8080}
   * @param llm the protocol the load will use
   * @throws IllegalArgumentException a user error with one line naming the cause (the API key never
   *     in it)
   */
  public static void check(String baseUrl, LlmProtocolBuilder llm) {
    String problem = problem(baseUrl, LlmProtocol.of(llm));
    if (problem != null) {
      String line = "gatling-llm: no load sent: " + problem;
      System.out.println(line);
      throw new TargetUnusable(line);
    }
  }

  /**
   * The one-line problem, or null when the target answered with a stream (or 429: it is the right
   * target).
   */
  static String problem(String baseUrl, LlmProtocol protocol) {
    String url = baseUrl + protocol.effectiveEndpoint();
    String shownUrl = Redactor.url(url);
    // The URL's own credentials too: a server (or a proxy) may echo the user info it was sent.
    Redactor redactor = protocol.redactor().with(Redactor.urlSecrets(url));
    Duration timeout = protocol.settings().idleTimeout();
    // HTTP/1.1 as the load speaks it: the default would offer an h2c upgrade that some servers
    // refuse.
    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .build();
    HttpResponse<InputStream> response;
    try {
      response =
          client.send(probeRequest(url, protocol), HttpResponse.BodyHandlers.ofInputStream());
    } catch (HttpTimeoutException e) {
      return "no answer from "
          + shownUrl
          + " within "
          + timeout.toSeconds()
          + " s (llm.baseUrl, llm.idleTimeoutSeconds)";
    } catch (ConnectException e) {
      return "cannot connect to "
          + shownUrl
          + ": "
          + reason(e, redactor)
          + " (is the server up? llm.baseUrl)";
    } catch (IOException e) {
      return "cannot reach " + shownUrl + ": " + reason(e, redactor) + " (llm.baseUrl)";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while checking " + shownUrl;
    }
    return problemWith(response, shownUrl, protocol, redactor);
  }

  /** A one-token chat request in the load's dialect, with the load's headers. */
  private static HttpRequest probeRequest(String url, LlmProtocol protocol) {
    LlmDialect dialect = protocol.dialect();
    GenerationRequest probe =
        new GenerationRequest(
            protocol.model(),
            List.of(ChatMessage.user("Hi")),
            null,
            MAX_TOKENS,
            null,
            null,
            protocol.includeUsage(),
            Map.of(),
            protocol.maxTokensField());
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(protocol.settings().idleTimeout())
            .header("Content-Type", "application/json")
            .header("Accept", dialect.accept())
            .POST(HttpRequest.BodyPublishers.ofString(dialect.requestBody(probe)));
    protocol.headers(dialect).forEach(request::header);
    return request.build();
  }

  /** The problem an answer shows: none for a stream or a 429, else what its status means. */
  private static String problemWith(
      HttpResponse<InputStream> response,
      String shownUrl,
      LlmProtocol protocol,
      Redactor redactor) {
    LlmDialect dialect = protocol.dialect();
    int status = response.statusCode();
    String contentType = response.headers().firstValue("Content-Type").orElse(null);
    if (status >= 200 && status < 300) {
      close(response.body());
      if (MediaTypes.matches(contentType, dialect.contentTypes())) {
        return null;
      }
      return "HTTP "
          + status
          + " from "
          + shownUrl
          + " is not a stream (Content-Type "
          + (contentType == null ? "none" : contentType)
          + ", expected "
          + dialect.contentTypes().get(0)
          + "): check llm.endpoint and llm.dialect";
    }
    String said =
        redactor.redact(
            dialect.errorMessage(errorBody(response.body(), protocol.settings().idleTimeout())));
    if (status == 429) {
      System.out.println(
          "gatling-llm: the target answered the check with HTTP 429 (rate limited): it is the"
              + " right target, the run goes on");
      return null;
    }
    String head = "HTTP " + status + " from " + shownUrl + ": ";
    if (status == 401 || status == 403) {
      return head
          + "the server refused the request's credentials ("
          + (protocol.apiKey() == null
              ? "no API key set: llm.apiKey or LLM_API_KEY"
              : "check llm.apiKey or LLM_API_KEY")
          + "): "
          + said;
    }
    if (status == 404) {
      return head + notFound(said, protocol);
    }
    return head + said;
  }

  /** A 404: the model when the server's message names one, else the endpoint. */
  private static String notFound(String said, LlmProtocol protocol) {
    if (said.toLowerCase(Locale.ROOT).contains("model")) {
      return "model "
          + (protocol.model() == null ? "(none named)" : "'" + protocol.model() + "'")
          + " not found (llm.model): "
          + said;
    }
    return "no such endpoint "
        + Redactor.url(protocol.effectiveEndpoint())
        + " (llm.endpoint, llm.dialect "
        + protocol.dialect().id()
        + "): "
        + said;
  }

  private static String reason(IOException e, Redactor redactor) {
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String message =
        root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
    return redactor.redact(message.isBlank() ? "connection refused" : message);
  }

  /**
   * The first 8 KiB of an error body, waited for no longer than the timeout (a stalled body is no
   * answer).
   */
  private static String errorBody(InputStream body, Duration timeout) {
    CompletableFuture<byte[]> read =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return body.readNBytes(8192);
              } catch (IOException e) {
                return new byte[0];
              }
            });
    try {
      return new String(
          read.get(timeout.toMillis(), TimeUnit.MILLISECONDS), StandardCharsets.UTF_8);
    } catch (Exception e) {
      return "";
    } finally {
      close(body);
    }
  }

  private static void close(InputStream body) {
    try {
      body.close();
    } catch (IOException e) {
      // closing only cancels the rest of the answer
    }
  }
}
