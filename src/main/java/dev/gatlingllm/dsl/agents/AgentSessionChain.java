package dev.gatlingllm.dsl.agents;

import dev.gatlingllm.dsl.LlmRequestActionBuilder;
import dev.gatlingllm.values.Tokenizer;
import io.gatling.javaapi.core.ChainBuilder;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Immutable builder of the chain that plays agent sessions, from {@link AgentSessions#play}: each
 * call returns a new builder, {@link #chain()} gives Gatling's {@code ChainBuilder}. The sessions'
 * texts are made when {@link #chain()} is called, before the load.
 */
public final class AgentSessionChain {
  private final String name;
  private final List<AgentSession> sessions;
  private final Tokenizer tokenizer;
  private final AgentSessions.Options options;

  AgentSessionChain(
      String name,
      List<AgentSession> sessions,
      Tokenizer tokenizer,
      AgentSessions.Options options) {
    this.name = Objects.requireNonNull(name, "name");
    this.sessions = List.copyOf(sessions);
    this.tokenizer = Objects.requireNonNull(tokenizer, "tokenizer");
    this.options = options;
  }

  private AgentSessionChain with(AgentSessions.Options newOptions) {
    return new AgentSessionChain(name, sessions, tokenizer, newOptions);
  }

  /**
   * @param prompts the prompts that open the sessions ({@link ToolPrompts#read}), BFCL's layout;
   *     none (the default): a user message alone and {@link AgentSessions#DEFAULT_TOOL}
   * @return a new builder
   */
  public AgentSessionChain toolPrompts(List<ToolPrompt> prompts) {
    return with(options.toolPrompts(prompts));
  }

  /**
   * @param cap at most this many requests in flight, all sessions and users of the chain together
   * @return a new builder
   */
  public AgentSessionChain cap(InFlightCap cap) {
    return with(options.cap(Objects.requireNonNull(cap, "cap")));
  }

  /**
   * @param seed the seed of the sessions' random texts (default 42)
   * @return a new builder
   */
  public AgentSessionChain seed(long seed) {
    return with(options.seed(seed));
  }

  /**
   * @param change applied to each turn's request, e.g. {@code r -> r.ignoreEos(true)}
   * @return a new builder
   */
  public AgentSessionChain request(UnaryOperator<LlmRequestActionBuilder> change) {
    return with(options.request(change));
  }

  /**
   * Makes the sessions' texts now and gives the chain playing them, one session per pass.
   *
   * @return the chain, for {@code exec(..)}
   */
  public ChainBuilder chain() {
    return AgentSessions.chain(name, sessions, tokenizer, options);
  }
}
