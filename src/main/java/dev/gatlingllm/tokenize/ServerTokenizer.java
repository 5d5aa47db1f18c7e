package dev.gatlingllm.tokenize;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.Tokenizer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The server's own tokenizer through its {@code /tokenize} and {@code /detokenize} endpoints, as
 * llama.cpp and vLLM expose them, so prompt lengths are exact for the model under test. Blocking:
 * use it while preparing prompts, before the load starts, never from a virtual user.
 */
public final class ServerTokenizer implements Tokenizer {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String baseUrl;

  /** The base URL as messages show it: without user info or query values. */
  private final String shownUrl;

  /** Hides the URL's user info and secret query values wherever the server echoes them. */
  private final Redactor redactor;

  private final String model;
  private final Duration callDeadline;
  private final HttpClient client =
      HttpClient.newBuilder()
          .connectTimeout(Duration.ofSeconds(10))
          .version(HttpClient.Version.HTTP_1_1)
          .build();

  /**
   * @param baseUrl the server root, e.g. {@code http://127.0.0.1:8080}
   * @param model the model name (vLLM needs it), or null
   */
  public ServerTokenizer(String baseUrl, String model) {
    this(baseUrl, model, CALL_DEADLINE);
  }

  /** For tests: another deadline per call. */
  ServerTokenizer(String baseUrl, String model, Duration callDeadline) {
    this.callDeadline = callDeadline;
    this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    this.shownUrl = Redactor.url(this.baseUrl);
    this.redactor = Redactor.of().with(Redactor.urlSecrets(this.baseUrl));
    this.model = model;
  }

  @Override
  public String name() {
    return "server:" + shownUrl;
  }

  /** Every count is an HTTP call. */
  @Override
  public boolean blocks() {
    return true;
  }

  @Override
  public int[] encode(String text) {
    ObjectNode body = JSON.createObjectNode();
    // llama.cpp reads "content", vLLM reads "prompt": send both.
    body.put("content", text);
    body.put("prompt", text);
    body.put("add_special", false);
    body.put("add_special_tokens", false);
    if (model != null) {
      body.put("model", model);
    }
    JsonNode tokens = post("/tokenize", body).path("tokens");
    if (!tokens.isArray()) {
      throw new UserError(shownUrl + "/tokenize answered without a 'tokens' array");
    }
    int[] ids = new int[tokens.size()];
    for (int i = 0; i < ids.length; i++) {
      JsonNode token = tokens.get(i);
      // llama.cpp may answer {"id": n, "piece": "..."} objects when asked for pieces.
      ids[i] = token.isInt() ? token.asInt() : token.path("id").asInt();
    }
    return ids;
  }

  @Override
  public String decode(int[] ids) {
    ObjectNode body = JSON.createObjectNode();
    ArrayNode tokens = body.putArray("tokens");
    for (int id : ids) {
      tokens.add(id);
    }
    if (model != null) {
      body.put("model", model);
    }
    JsonNode answer = post("/detokenize", body);
    JsonNode text = answer.has("content") ? answer.get("content") : answer.get("prompt");
    if (text == null || !text.isTextual()) {
      throw new UserError(shownUrl + "/detokenize answered without 'content' or 'prompt'");
    }
    return text.asText();
  }

  /**
   * The longest a call may take, its body included: the client's own timeout ends only the wait for
   * the headers, and a server that stalls after them would hang the run's preparation.
   */
  static final Duration CALL_DEADLINE = Duration.ofSeconds(30);

  private JsonNode post(String path, ObjectNode body) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .timeout(callDeadline)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
            .build();
    try {
      HttpResponse<String> response;
      var call = client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
      try {
        response = call.get(callDeadline.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        call.cancel(true);
        throw new UserError(
            shownUrl
                + path
                + " gave no whole answer within "
                + callDeadline.toMillis()
                + " ms (it stalled after its headers?)");
      } catch (java.util.concurrent.ExecutionException e) {
        throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
      }
      if (response.statusCode() != 200) {
        // Redacted before it is cut, so that no part of a secret is left where the cut falls.
        throw new UserError(
            shownUrl
                + path
                + " answered HTTP "
                + response.statusCode()
                + ": "
                + abbreviate(redactor.redact(response.body())));
      }
      try {
        return JSON.readTree(response.body());
      } catch (IOException e) {
        throw new UserError(
            shownUrl
                + path
                + " answered what is not JSON: "
                + abbreviate(redactor.redact(UserError.firstLine(e))));
      }
    } catch (IOException e) {
      // Not chained: the cause's message would print the same text unredacted.
      throw new UserError(
          "cannot reach "
              + shownUrl
              + path
              + ": "
              + e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : " " + redactor.redact(UserError.firstLine(e))));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UserError("interrupted while calling " + shownUrl + path);
    }
  }

  private static String abbreviate(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "...";
  }
}
