package dev.gatlingllm.dsl;

/**
 * The entry points of the gatling-llm DSL, to import statically beside Gatling's:
 *
 * <pre>{@code
 * import static dev.gatlingllm.dsl.LlmDsl.*;
 *
 * exec(chat("chat").user("#{prompt}").maxTokens(256))
 * setUp(scn.injectOpen(atOnceUsers(1))).protocols(http.baseUrl(url), llm().model("m"));
 * }</pre>
 */
public final class LlmDsl {
  private LlmDsl() {}

  /**
   * The LLM protocol with its defaults (OpenAI chat dialect, usage requested, 30 s idle, 10 min timeout), and
   * {@code -Dllm.tokenRecords} / {@code -Dllm.detailedResults} when given. Fails on an {@code llm.*} system
   * property nothing reads ({@code unknown property llm.modle; did you mean llm.model?}).
   *
   * @return the protocol builder, to pass to {@code protocols(...)}
   */
  public static LlmProtocolBuilder llm() {
    return LlmProtocolBuilder.fromSystemProperties();
  }

  /**
   * A streamed chat request in the protocol's dialect (OpenAI chat completions by default).
   *
   * @param name the request name in Gatling's report, a constant
   * @return a request builder, for {@code exec(...)}
   */
  public static LlmRequestActionBuilder chat(String name) {
    return new LlmRequestActionBuilder(LlmRequestActionBuilder.requireText(name, "request name"), null);
  }

  /**
   * A streamed text completion request ({@code /v1/completions}), whatever the protocol's dialect.
   *
   * @param name the request name in Gatling's report, a constant
   * @return a request builder, for {@code exec(...)}
   */
  public static LlmRequestActionBuilder completion(String name) {
    return new LlmRequestActionBuilder(
        LlmRequestActionBuilder.requireText(name, "request name"), "openai-completions");
  }
}
