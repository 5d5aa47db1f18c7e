package dev.gatlingllm.gatling.action;

import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.dialects.Dialects;
import dev.gatlingllm.api.pooling.PoolingDialect;
import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.gatling.http.GatlingHttpTransport;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import io.gatling.core.action.Action;
import io.gatling.core.structure.ScenarioContext;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the shared {@link LlmStreamAction} for one place in a scenario: the Scala side of the
 * DSL's action builder. Runs once per place, when Gatling builds the scenario.
 */
public final class LlmActionFactory implements io.gatling.core.action.builder.ActionBuilder {
  /** Gatling's own request timeout is kept above ours, so that our clearer timeout message wins. */
  private static final Duration CLIENT_TIMEOUT_MARGIN = Duration.ofSeconds(5);

  private final LlmRequestSpec spec;

  public LlmActionFactory(LlmRequestSpec spec) {
    this.spec = spec;
  }

  @Override
  public Action build(ScenarioContext ctx, Action next) {
    LlmProtocol.Components components =
        ctx.protocolComponentsRegistry().components(LlmProtocol.KEY);
    LlmProtocol protocol = components.protocol();
    String dialectId = spec.dialectId();
    LlmDialect dialect = dialectId != null ? Dialects.forRequest(dialectId) : protocol.dialect();
    if (spec.template().structured() != null && dialect.noResponseSchema() != null) {
      // When the scenario is built, not at each request: the simulation cannot test this.
      throw new IllegalArgumentException("'" + spec.name() + "': " + dialect.noResponseSchema());
    }
    if (spec.template().carriesAudio() && dialect.noAudio() != null) {
      // Refused now rather than each request failing in the run: no audio reaches this API.
      throw new IllegalArgumentException("'" + spec.name() + "': " + dialect.noAudio());
    }
    String endpoint;
    if (spec.endpoint() != null) {
      endpoint = spec.endpoint();
    } else if (dialect instanceof PoolingDialect
        || dialectId != null && protocol.endpoint() == null) {
      // An embeddings or rerank request never goes to the protocol's chat endpoint.
      endpoint = dialect.defaultEndpoint();
    } else {
      endpoint = protocol.effectiveEndpoint();
    }
    // The dialect's headers first, so that the request's own headers can override them.
    Map<String, SessionExpression<String>> allHeaders = new LinkedHashMap<>();
    protocol
        .headers(dialect)
        .forEach((name, value) -> allHeaders.put(name, SessionExpression.constant(value)));
    allHeaders.putAll(spec.headers());
    Duration clientTimeout = protocol.settings().overallTimeout().plus(CLIENT_TIMEOUT_MARGIN);
    GatlingHttpTransport transport =
        GatlingHttpTransport.create(
            ctx, spec.name(), endpoint, dialect.accept(), allHeaders, clientTimeout);
    GatlingRuntime runtime = GatlingRuntime.of(ctx.coreComponents());
    // The protocol's switch turns the records on for every request; a request's own tokenRecords()
    // for itself.
    LlmRequestSpec effective =
        protocol.tokenRecords() ? spec.withPerToken(spec.perToken().withRecords()) : spec;
    return new LlmStreamAction(effective, next, components, dialect, transport, endpoint, runtime);
  }

  @Override
  public io.gatling.core.structure.ChainBuilder toChainBuilder() {
    return io.gatling.core.action.builder.ActionBuilder.super.toChainBuilder();
  }
}
