package dev.gatlingllm.gatling.action;

import dev.gatlingllm.check.AnswerCheck;
import dev.gatlingllm.gatling.SessionExpression;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one request step of a scenario asks for, as the DSL's builder collected it: one
 * immutable value handed whole from the builder to the action, so that a new setting is added here
 * and nowhere along the way.
 *
 * @param name the Gatling request name
 * @param dialectId the dialect for this request, or null for the protocol's
 * @param endpoint the path for this request, or null for the protocol's (or the dialect's default)
 * @param template the generation request, its expressions unresolved
 * @param headers the request's own HTTP headers, which override the dialect's
 * @param saveAs what the outcome is saved as in the session
 * @param perToken the per-token records and listener
 * @param checks the answer checks, in order
 */
public record LlmRequestSpec(
    String name,
    String dialectId,
    String endpoint,
    RequestTemplate template,
    Map<String, SessionExpression<String>> headers,
    SavedResults saveAs,
    TokenOptions perToken,
    List<AnswerCheck> checks) {

  public LlmRequestSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(template, "template");
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    Objects.requireNonNull(saveAs, "saveAs");
    Objects.requireNonNull(perToken, "perToken");
    checks = List.copyOf(checks);
  }

  /** A request with nothing set but its name and dialect (null: the protocol's). */
  public static LlmRequestSpec named(String name, String dialectId) {
    return new LlmRequestSpec(
        name,
        dialectId,
        null,
        RequestTemplate.empty(),
        Map.of(),
        SavedResults.DEFAULT,
        TokenOptions.NONE,
        List.of());
  }

  public LlmRequestSpec withEndpoint(String newEndpoint) {
    return new LlmRequestSpec(
        name, dialectId, newEndpoint, template, headers, saveAs, perToken, checks);
  }

  public LlmRequestSpec withTemplate(RequestTemplate newTemplate) {
    return new LlmRequestSpec(
        name, dialectId, endpoint, newTemplate, headers, saveAs, perToken, checks);
  }

  /** This spec with one more (or a replaced) HTTP header. */
  public LlmRequestSpec withHeader(String headerName, SessionExpression<String> value) {
    Map<String, SessionExpression<String>> all = new LinkedHashMap<>(headers);
    all.put(headerName, value);
    return new LlmRequestSpec(name, dialectId, endpoint, template, all, saveAs, perToken, checks);
  }

  public LlmRequestSpec withSaveAs(SavedResults newSaveAs) {
    return new LlmRequestSpec(
        name, dialectId, endpoint, template, headers, newSaveAs, perToken, checks);
  }

  public LlmRequestSpec withPerToken(TokenOptions newPerToken) {
    return new LlmRequestSpec(
        name, dialectId, endpoint, template, headers, saveAs, newPerToken, checks);
  }

  /** This spec with {@code more} checks after its own. */
  public LlmRequestSpec withChecks(List<AnswerCheck> more) {
    List<AnswerCheck> all = new ArrayList<>(checks);
    all.addAll(more);
    return new LlmRequestSpec(name, dialectId, endpoint, template, headers, saveAs, perToken, all);
  }
}
