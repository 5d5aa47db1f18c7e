package dev.gatlingllm.gatling.action;

import dev.gatlingllm.api.Dialects;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.check.AnswerCheck;
import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.gatling.http.GatlingHttpTransport;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import io.gatling.core.action.Action;
import io.gatling.core.structure.ScenarioContext;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the shared {@link LlmStreamAction} for one place in a scenario: the Scala side of the DSL's action
 * builder. Runs once per place, when Gatling builds the scenario.
 */
public final class LlmActionFactory implements io.gatling.core.action.builder.ActionBuilder {
  /** Gatling's own request timeout is kept above ours, so that our clearer timeout message wins. */
  private static final Duration CLIENT_TIMEOUT_MARGIN = Duration.ofSeconds(5);

  private final String name;
  private final String dialectId;
  private final RequestTemplate template;
  private final Map<String, SessionExpression<String>> headers;
  private final SavedResults saveAs;
  private final TokenOptions perToken;
  private final List<AnswerCheck> checks;
  private final String endpointOverride;

  /**
   * @param dialectId the dialect for this request, or null for the protocol's
   * @param endpoint the path for this request, or null for the protocol's (or the dialect's default)
   */
  public LlmActionFactory(
      String name,
      String dialectId,
      String endpoint,
      RequestTemplate template,
      Map<String, SessionExpression<String>> headers,
      SavedResults saveAs,
      TokenOptions perToken,
      List<AnswerCheck> checks) {
    this.name = name;
    this.dialectId = dialectId;
    this.endpointOverride = endpoint;
    this.template = template;
    this.headers = Map.copyOf(headers);
    this.saveAs = saveAs;
    this.perToken = perToken;
    this.checks = List.copyOf(checks);
  }

  @Override
  public Action build(ScenarioContext ctx, Action next) {
    LlmProtocol.Components components = ctx.protocolComponentsRegistry().components(LlmProtocol.KEY);
    LlmProtocol protocol = components.protocol();
    LlmDialect dialect = dialectId != null ? Dialects.byId(dialectId) : protocol.dialect();
    String endpoint;
    if (endpointOverride != null) {
      endpoint = endpointOverride;
    } else if (dialectId != null && protocol.endpoint() == null) {
      endpoint = dialect.defaultEndpoint();
    } else {
      endpoint = protocol.effectiveEndpoint();
    }
    // The dialect's headers first, so that the request's own headers can override them.
    Map<String, SessionExpression<String>> allHeaders = new LinkedHashMap<>();
    dialect.fixedHeaders().forEach((name, value) -> allHeaders.put(name, SessionExpression.constant(value)));
    if (protocol.apiKey() != null) {
      dialect.authHeaders(protocol.apiKey())
          .forEach((name, value) -> allHeaders.put(name, SessionExpression.constant(value)));
    }
    allHeaders.putAll(headers);
    Duration clientTimeout = protocol.settings().overallTimeout().plus(CLIENT_TIMEOUT_MARGIN);
    GatlingHttpTransport transport =
        GatlingHttpTransport.create(ctx, name, endpoint, dialect.accept(), allHeaders, clientTimeout);
    GatlingRuntime runtime = GatlingRuntime.of(ctx.coreComponents());
    // The protocol's switch turns the records on for every request; a request's own tokenRecords() for itself.
    TokenOptions tokens = protocol.tokenRecords() ? perToken.withRecords() : perToken;
    return new LlmStreamAction(
        name, next, protocol, dialect, template, transport, runtime, components.reporter(), saveAs, tokens,
        checks);
  }

  @Override
  public io.gatling.core.structure.ChainBuilder toChainBuilder() {
    return io.gatling.core.action.builder.ActionBuilder.super.toChainBuilder();
  }
}
