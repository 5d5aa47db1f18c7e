package dev.gatlingllm.values;

import java.util.Objects;

/**
 * How a request asks for structured output (a JSON Schema the answer must follow), and what an
 * answer that does not follow it does to the request. Immutable: every call returns a new value.
 *
 * <p>The schema itself is given beside it, to {@code responseFormat(schema, format)}; this value
 * says in which field it travels ({@link Form}), the name and {@code strict} flag of OpenAI's form,
 * and whether an answer that breaks the schema makes its request KO. By default it does not: the
 * answer is counted as invalid (the report's share of valid answers) and the request stays OK,
 * since a test of constrained decoding under load wants the share, not a wall of KOs.
 *
 * @param form the field the schema travels in
 * @param name the schema's name in OpenAI's form ({@code json_schema.name})
 * @param strict OpenAI's {@code json_schema.strict}
 * @param invalidIsKo whether an answer that does not validate makes its request KO
 */
public record ResponseFormat(Form form, String name, boolean strict, boolean invalidIsKo) {

  /** The name sent in OpenAI's form when none is given. */
  public static final String DEFAULT_NAME = "response";

  /** Where the schema goes in the request body. */
  public enum Form {
    /**
     * The dialect's own: OpenAI's {@code response_format} for the OpenAI chat and completions
     * endpoints, {@code text.format} for the Responses API, {@code format} for Ollama.
     */
    DIALECT,
    /**
     * OpenAI's {@code "response_format": {"type": "json_schema", "json_schema": {"name": ..,
     * "schema": .., "strict": ..}}} (OpenAI, vLLM, SGLang, llama.cpp's server).
     */
    OPENAI_RESPONSE_FORMAT,
    /** Older vLLM's top-level {@code "guided_json": schema}. */
    VLLM_GUIDED_JSON,
    /** Newer vLLM's {@code "structured_outputs": {"json": schema}}. */
    VLLM_STRUCTURED_OUTPUTS,
    /** llama.cpp's server's top-level {@code "json_schema": schema}. */
    LLAMA_CPP_JSON_SCHEMA
  }

  public ResponseFormat {
    Objects.requireNonNull(form, "form");
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("the schema's name must not be blank");
    }
  }

  /**
   * The dialect's own form, named {@value #DEFAULT_NAME}, strict, counting invalid answers only.
   */
  public static ResponseFormat dialectDefault() {
    return new ResponseFormat(Form.DIALECT, DEFAULT_NAME, true, false);
  }

  /** OpenAI's {@code response_format} whatever the dialect. */
  public static ResponseFormat openAi() {
    return dialectDefault().in(Form.OPENAI_RESPONSE_FORMAT);
  }

  /** Older vLLM's {@code guided_json}. */
  public static ResponseFormat vllmGuidedJson() {
    return dialectDefault().in(Form.VLLM_GUIDED_JSON);
  }

  /** Newer vLLM's {@code structured_outputs.json}. */
  public static ResponseFormat vllmStructuredOutputs() {
    return dialectDefault().in(Form.VLLM_STRUCTURED_OUTPUTS);
  }

  /** llama.cpp's top-level {@code json_schema}. */
  public static ResponseFormat llamaCppJsonSchema() {
    return dialectDefault().in(Form.LLAMA_CPP_JSON_SCHEMA);
  }

  /** The same in another form. */
  public ResponseFormat in(Form newForm) {
    return new ResponseFormat(newForm, name, strict, invalidIsKo);
  }

  /** The same with another name in OpenAI's form. */
  public ResponseFormat named(String newName) {
    return new ResponseFormat(form, newName, strict, invalidIsKo);
  }

  /** The same with OpenAI's {@code strict} flag set so. */
  public ResponseFormat strict(boolean newStrict) {
    return new ResponseFormat(form, name, newStrict, invalidIsKo);
  }

  /** The same, but an answer that does not validate makes its request KO (still counted). */
  public ResponseFormat koWhenInvalid() {
    return new ResponseFormat(form, name, strict, true);
  }
}
