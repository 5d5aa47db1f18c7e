package dev.gatlingllm.api.pooling;

import dev.gatlingllm.api.AbstractDialect;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.RejectedFields;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.json.JsonBodyWriter;
import dev.gatlingllm.api.openai.OpenAiErrors;
import dev.gatlingllm.framing.Framing;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * What the embeddings and rerank dialects share: a body of {@code model} then the API's own fields
 * in the API's documented order (taken from the request's fields by name, so that the bytes are the
 * same for the same request), a whole JSON answer, OpenAI-style errors, and the count of inputs the
 * answer is checked against.
 */
public abstract class PoolingDialect extends AbstractDialect {
  private final List<String> ownFields;
  private final IntFunction<StreamInterpreter> interpreters;

  PoolingDialect(
      String id,
      String defaultEndpoint,
      List<String> ownFields,
      IntFunction<StreamInterpreter> interpreters) {
    super(id, defaultEndpoint, () -> interpreters.apply(-1));
    this.ownFields = List.copyOf(ownFields);
    this.interpreters = interpreters;
  }

  /** The texts the request sends: one result is expected for each. */
  public abstract List<String> texts(GenerationRequest request);

  /**
   * The texts the client counts the input tokens of, when the server gives no usage: by default the
   * texts themselves.
   */
  public List<String> countedTexts(GenerationRequest request) {
    return texts(request);
  }

  @Override
  public final StreamInterpreter newInterpreter(int inputs) {
    return interpreters.apply(inputs);
  }

  @Override
  public final String requestBody(GenerationRequest request) {
    Map<String, Object> rest = new TreeMap<>(request.extraFields());
    ownFields.forEach(rest::remove);
    return JsonBodyWriter.write(
        rest,
        body -> {
          body.string("model", request.model());
          for (String field : ownFields) {
            Object value = request.extraFields().get(field);
            if (value != null) {
              writeField(body, field, value);
            }
          }
        });
  }

  private static void writeField(JsonBodyWriter body, String field, Object value)
      throws IOException {
    body.json().writeFieldName(field);
    body.json().writeObject(value);
  }

  @Override
  public final Framing framing() {
    return Framing.JSON;
  }

  @Override
  public final String errorMessage(String responseBody) {
    return RejectedFields.explain(OpenAiErrors.message(responseBody));
  }

  @Override
  public final String endMarker() {
    return "a JSON answer";
  }

  /** A text field as a list: a string is one text, a list its texts; anything else none. */
  static List<String> asTexts(Object value) {
    if (value instanceof String text) {
      return List.of(text);
    }
    if (value instanceof List<?> list) {
      return list.stream().map(String::valueOf).toList();
    }
    return List.of();
  }
}
