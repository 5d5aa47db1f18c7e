package dev.gatlingllm.dsl;

import dev.gatlingllm.api.pooling.EmbeddingsDialect;
import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.gatling.action.LlmActionFactory;
import dev.gatlingllm.gatling.action.LlmRequestSpec;
import io.gatling.javaapi.core.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Immutable builder of one embeddings request ({@code POST /v1/embeddings}, OpenAI's form, which
 * vLLM, TEI and llama.cpp serve): {@code {"model", "input", "dimensions", "encoding_format"}}. The
 * answer is not streamed: the request's latency is its E2EL (sent to the whole answer), and the
 * answer must hold one embedding per input, else the request is KO ({@code embeddings answer has 7
 * embeddings for 8 inputs}). Its input tokens are the server's {@code usage.prompt_tokens}, else
 * the client's count; its {@code inputs} (texts in the batch) give the run's inputs/s.
 *
 * <p>The texts: {@link #input(String)} gives one (sent as a string, or {@link #batchSize(int)}
 * times as a list, the text computed again for each: a function drawing random texts makes a batch
 * of different ones), {@link #inputs(List)} a whole list. Logs one Gatling record, {@code <name>}.
 */
public final class EmbedActionBuilder extends LlmRequestCalls<EmbedActionBuilder> {
  private final SessionExpression<String> text;
  private final SessionExpression<List<String>> texts;
  private final int batchSize;

  EmbedActionBuilder(String name) {
    this(LlmRequestSpec.named(name, EmbeddingsDialect.ID), null, null, 0);
  }

  private EmbedActionBuilder(
      LlmRequestSpec spec,
      SessionExpression<String> text,
      SessionExpression<List<String>> texts,
      int batchSize) {
    super(spec);
    this.text = text;
    this.texts = texts;
    this.batchSize = batchSize;
  }

  @Override
  EmbedActionBuilder withSpec(LlmRequestSpec newSpec) {
    return new EmbedActionBuilder(newSpec, text, texts, batchSize);
  }

  /**
   * One text to embed; replaces any input set before.
   *
   * @param input a Gatling EL string, e.g. {@code "#{passage}"}
   * @return a new builder
   */
  public EmbedActionBuilder input(String input) {
    Objects.requireNonNull(input, "input");
    return new EmbedActionBuilder(spec, GatlingRuntime.el(input), null, batchSize);
  }

  /**
   * One text to embed, computed from the session (again for each text of a batch); replaces any
   * input set before.
   *
   * @param input a function of the session giving the text
   * @return a new builder
   */
  public EmbedActionBuilder input(Function<Session, String> input) {
    SessionExpression<String> value =
        SessionExpression.function(Objects.requireNonNull(input, "input"));
    return new EmbedActionBuilder(spec, value, null, batchSize);
  }

  /**
   * The texts to embed in one request, as a list; replaces any input set before.
   *
   * @param inputs a constant, non-empty list
   * @return a new builder
   */
  public EmbedActionBuilder inputs(List<String> inputs) {
    return new EmbedActionBuilder(spec, null, PoolingSpec.texts(inputs, "inputs"), 0);
  }

  /**
   * The texts to embed in one request; replaces any input set before.
   *
   * @param inputs a Gatling EL string naming a session attribute that holds a list, e.g. {@code
   *     "#{passages}"}
   * @return a new builder
   */
  public EmbedActionBuilder inputs(String inputs) {
    return new EmbedActionBuilder(spec, null, PoolingSpec.texts(inputs, "inputs"), 0);
  }

  /**
   * The texts to embed in one request, computed from the session; replaces any input set before.
   *
   * @param inputs a function of the session giving a non-empty list
   * @return a new builder
   */
  public EmbedActionBuilder inputs(Function<Session, List<String>> inputs) {
    return new EmbedActionBuilder(spec, null, PoolingSpec.texts(inputs, "inputs"), 0);
  }

  /**
   * Sends {@code size} texts of {@link #input} per request, as a list ({@code "input": [..]}), the
   * text computed once for each.
   *
   * @param size a constant, at least 1
   * @return a new builder
   */
  public EmbedActionBuilder batchSize(int size) {
    return new EmbedActionBuilder(spec, text, texts, PoolingSpec.positive(size, "batchSize"));
  }

  /**
   * The length of the vectors asked for ({@code dimensions}; OpenAI's text-embedding-3 models and
   * vLLM's Matryoshka models take it).
   *
   * @param dimensions a constant, at least 1
   * @return a new builder
   */
  public EmbedActionBuilder dimensions(int dimensions) {
    Object value = PoolingSpec.positive(dimensions, "dimensions");
    return withSpec(
        PoolingSpec.field(spec, EmbeddingsDialect.DIMENSIONS, SessionExpression.constant(value)));
  }

  /**
   * How the vectors are sent back ({@code encoding_format}): {@code float} (arrays of numbers) or
   * {@code base64}.
   *
   * @param format a constant
   * @return a new builder
   */
  public EmbedActionBuilder encodingFormat(String format) {
    Object value = LlmRequestActionBuilder.requireText(format, "encodingFormat");
    return withSpec(
        PoolingSpec.field(
            spec, EmbeddingsDialect.ENCODING_FORMAT, SessionExpression.constant(value)));
  }

  /** Gatling's builder of the action, called once when the scenario is built. */
  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    return new LlmActionFactory(
        PoolingSpec.field(spec, EmbeddingsDialect.INPUT, inputExpression()));
  }

  /** The {@code input} field: a string, or a list for a batch or a list of texts. */
  private SessionExpression<Object> inputExpression() {
    if (texts != null) {
      return texts::resolve;
    }
    if (text == null) {
      throw new IllegalArgumentException(
          "embed('" + spec.name() + "') needs input(..) or inputs(..)");
    }
    SessionExpression<String> one = text;
    if (batchSize == 0) {
      return one::resolve;
    }
    int size = batchSize;
    return session -> {
      List<String> batch = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        batch.add(one.resolve(session));
      }
      return batch;
    };
  }
}
