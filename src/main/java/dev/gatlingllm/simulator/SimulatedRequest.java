package dev.gatlingllm.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.SplittableRandom;

/**
 * A parsed generation request ({@code /v1/chat/completions}, {@code /v1/completions}, {@code
 * /v1/responses}, {@code /v1/messages}, Ollama's {@code /api/chat} and {@code /api/generate}), with
 * its deterministic outcome: how many tokens the simulated model will produce and which words.
 */
final class SimulatedRequest {
  final ApiFormat format;
  final String endpoint;
  final String model;
  final int promptTokens;

  /** The prompt tokens of its audio clips ({@link AudioTokens}), part of {@code promptTokens}. */
  final int audioTokens;

  final int maxTokens;
  final boolean stream;
  final boolean includeUsage;

  /** Tokens the model produces before EOS or max_tokens. */
  final int completionTokens;

  final String finishReason;
  final long textSeed;

  /** Keys of the prompt's full KV blocks for the prefix cache; empty when it is off. */
  final long[] promptBlockHashes;

  /** The usage reports {@code prompt_tokens_details.cached_tokens} (prefix cache on, as vLLM). */
  final boolean reportsCachedTokens;

  /** The JSON schema the answer must follow ({@link StructuredAnswer}), or null for free text. */
  final JsonNode schema;

  /** The structured answer's or the tool call's tokens, or null for vocabulary words. */
  private final String[] answerTokens;

  /** The tool the model calls instead of answering in text ({@link ToolCallAnswer}), or null. */
  final ToolCallAnswer toolCall;

  /** The finish reason of a tool call (OpenAI's; the other APIs' templates say it their way). */
  static final String TOOL_CALLS = "tool_calls";

  private SimulatedRequest(
      ApiFormat format,
      String endpoint,
      String model,
      int promptTokens,
      int audioTokens,
      int maxTokens,
      boolean stream,
      boolean includeUsage,
      int completionTokens,
      String finishReason,
      long textSeed,
      long[] promptBlockHashes,
      JsonNode schema,
      String[] answerTokens,
      ToolCallAnswer toolCall) {
    this.format = format;
    this.endpoint = endpoint;
    this.model = model;
    this.promptTokens = promptTokens;
    this.audioTokens = audioTokens;
    this.maxTokens = maxTokens;
    this.stream = stream;
    this.includeUsage = includeUsage;
    this.completionTokens = completionTokens;
    this.finishReason = finishReason;
    this.textSeed = textSeed;
    this.promptBlockHashes = promptBlockHashes;
    this.reportsCachedTokens = promptBlockHashes != null;
    this.schema = schema;
    this.answerTokens = answerTokens;
    this.toolCall = toolCall;
  }

  /**
   * The largest max_tokens accepted: the stream's tokens are planned when it starts (about 12 bytes
   * each), so 2,000,000,000 would ask for ~24 GB on an event loop. vLLM refuses max_tokens beyond
   * the model's length too.
   */
  static final int MAX_TOKENS_LIMIT = 1_000_000;

  /** Thrown for a request the real API would answer with 400. */
  static final class InvalidRequestException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidRequestException(String message) {
      super(message, null, false, false);
    }
  }

  static SimulatedRequest parse(ApiFormat format, JsonNode body, SimulatorConfig config) {
    if (body == null || !body.isObject()) {
      throw new InvalidRequestException("request body must be a JSON object");
    }
    StringBuilder promptText = new StringBuilder();
    int promptTokens =
        switch (format) {
          case CHAT, OLLAMA_CHAT ->
              toolsTokens(body, promptText) + chatPromptTokens(body.get("messages"), promptText);
          case COMPLETIONS, OLLAMA_GENERATE -> completionPromptTokens(body, promptText);
          case RESPONSES -> responsesPromptTokens(body, promptText);
          case MESSAGES ->
              toolsTokens(body, promptText)
                  + systemTokens(body.get("system"), promptText)
                  + chatPromptTokens(body.get("messages"), promptText);
        };
    // Audio is OpenAI chat's input_audio parts only; the text walk above skips them.
    int audioTokens = format == ApiFormat.CHAT ? AudioTokens.inMessages(body.get("messages")) : 0;
    promptTokens += audioTokens;
    String maxField =
        switch (format) {
          case RESPONSES -> "max_output_tokens";
          case MESSAGES -> "max_tokens";
          case OLLAMA_CHAT, OLLAMA_GENERATE -> "options.num_predict";
          default -> body.hasNonNull("max_tokens") ? "max_tokens" : "max_completion_tokens";
        };
    JsonNode maxNode = format.isOllama() ? ollamaNumPredict(body) : body.get(maxField);
    int maxTokens = config.defaultMaxTokens();
    if (maxNode != null && !maxNode.isNull()) {
      if (!maxNode.canConvertToInt() || maxNode.asInt() < 0) {
        throw new InvalidRequestException(maxField + " must be a non-negative integer");
      }
      maxTokens = maxNode.asInt();
      if (maxTokens > MAX_TOKENS_LIMIT) {
        throw new InvalidRequestException(
            maxField
                + " must be at most "
                + MAX_TOKENS_LIMIT
                + " (the simulated"
                + " model's length), was "
                + maxTokens);
      }
    } else if (format == ApiFormat.MESSAGES) {
      throw new InvalidRequestException(
          "max_tokens: Field required"); // the Messages API requires it
    }
    // Ollama streams unless told not to and has no ignore_eos. The Responses, Messages and Ollama
    // streams always end with the usage.
    boolean stream = body.path("stream").asBoolean(format.isOllama());
    boolean includeUsage =
        !format.endsWithDone()
            || body.path("stream_options").path("include_usage").asBoolean(false);
    boolean ignoreEos = !format.isOllama() && body.path("ignore_eos").asBoolean(false);
    String model = body.hasNonNull("model") ? body.get("model").asText() : config.model();

    long seed =
        mix(
            config.seed()
                ^ mix(promptText.toString().hashCode())
                ^ mix(maxTokens * 31L + format.seedSalt)
                ^ mix(body.path("seed").asLong(0)));
    int completionTokens = maxTokens;
    if (!ignoreEos && config.eosProbability() > 0 && maxTokens > 0) {
      // geometric stop point: each token ends the answer with probability p, drawn once from the
      // seed
      double u = new SplittableRandom(seed ^ 0x5DEECE66DL).nextDouble();
      double p = config.eosProbability();
      long stop = p >= 1 ? 1 : (long) Math.floor(Math.log1p(-u) / Math.log1p(-p)) + 1;
      completionTokens = (int) Math.min(maxTokens, stop);
    }
    String finishReason = completionTokens < maxTokens ? "stop" : "length";
    JsonNode schema = StructuredAnswer.schemaOf(format, body);
    SimulatedRequest request =
        new SimulatedRequest(
            format,
            format.path,
            model,
            promptTokens,
            audioTokens,
            maxTokens,
            stream,
            includeUsage,
            completionTokens,
            finishReason,
            seed,
            promptBlockHashes(promptText, promptTokens, config.capacity().scheduling()),
            null,
            null,
            null);
    ToolCallAnswer toolCall = ToolCallAnswer.of(format, body);
    // A planned length too short for the whole call (its framing and one word) is answered in
    // text: every API's call stays whole JSON, and the usage counts the tokens streamed.
    if (toolCall != null && toolCall.wholeIn(completionTokens)) {
      return request.callingTool(toolCall);
    }
    return schema == null
        ? request
        : request.answering(schema, StructuredAnswer.valid(schema, seed));
  }

  /** The same request answered by a call of {@code tool} of its planned length. */
  private SimulatedRequest callingTool(ToolCallAnswer tool) {
    return withAnswer(
        completionTokens, TOOL_CALLS, null, tool.pieces(completionTokens, textSeed), tool);
  }

  /** The same request with another answer: its tokens, how it ends, what it follows. */
  private SimulatedRequest withAnswer(
      int count, String finish, JsonNode followed, String[] tokens, ToolCallAnswer tool) {
    return new SimulatedRequest(
        format,
        endpoint,
        model,
        promptTokens,
        audioTokens,
        maxTokens,
        stream,
        includeUsage,
        count,
        finish,
        textSeed,
        promptBlockHashes,
        followed,
        tokens,
        tool);
  }

  /**
   * The same request answering {@code text} for its schema: a grammar-constrained model stops when
   * the value is whole (ignore_eos and the end-of-sequence draw aside), or is cut at max_tokens.
   */
  private SimulatedRequest answering(JsonNode schema, String text) {
    String[] tokens = StructuredAnswer.tokens(text);
    int count = Math.min(maxTokens, tokens.length);
    return withAnswer(count, count < tokens.length ? "length" : "stop", schema, tokens, null);
  }

  /** The same request answering JSON that breaks its schema ({@code schema-invalid} fault). */
  SimulatedRequest withInvalidAnswer(StructuredAnswer.Breach breach) {
    return schema == null
        ? this
        : answering(schema, StructuredAnswer.invalid(schema, textSeed, breach));
  }

  /**
   * The answer's first {@code count} tokens as the bytes a JSON string carries: vocabulary words,
   * or the structured answer's pieces escaped.
   */
  byte[][] tokenBytes(int count) {
    byte[][] bytes = new byte[count][];
    if (answerTokens != null) {
      for (int i = 0; i < count; i++) {
        bytes[i] = StructuredAnswer.escaped(answerTokens[i]);
      }
      return bytes;
    }
    int[] words = words(count);
    for (int i = 0; i < count; i++) {
      bytes[i] = Vocabulary.wordBytes(words[i]);
    }
    return bytes;
  }

  /** The answer's first {@code count} tokens as text (a body that is not streamed). */
  String text(int count) {
    StringBuilder text = new StringBuilder(count * 6);
    if (answerTokens != null) {
      for (int i = 0; i < count; i++) {
        text.append(answerTokens[i]);
      }
      return text.toString();
    }
    for (int word : words(count)) {
      text.append(Vocabulary.word(word));
    }
    return text.toString();
  }

  /**
   * The prompt's block keys, from its text as the simulator's tokenizer splits it (the contents
   * joined, so a shared system prompt or first turns give shared blocks); null when the prefix
   * cache is off, so that no hashing runs on the event loop then.
   */
  private static long[] promptBlockHashes(
      CharSequence promptText, int promptTokens, SchedulingPolicy policy) {
    if (!policy.prefixCache()) return null;
    int[] ids = SimpleTokenizer.ids(promptText);
    if (ids.length > promptTokens) ids = java.util.Arrays.copyOf(ids, promptTokens);
    return PromptBlocks.hashes(ids, policy.blockTokens());
  }

  /**
   * Ollama's output limit, {@code options.num_predict}; null (the default limit) when absent or
   * negative, which Ollama reads as "no limit" (-1) or "fill the context" (-2).
   */
  private static JsonNode ollamaNumPredict(JsonNode body) {
    JsonNode numPredict = body.path("options").get("num_predict");
    return numPredict != null && numPredict.isNumber() && numPredict.asLong() < 0
        ? null
        : numPredict;
  }

  /** The generated words, as vocabulary indices. */
  private int[] words(int count) {
    SplittableRandom random = new SplittableRandom(textSeed);
    int[] words = new int[count];
    for (int i = 0; i < count; i++) {
      words[i] = random.nextInt(Vocabulary.size());
    }
    return words;
  }

  private static int chatPromptTokens(JsonNode messages, StringBuilder text) {
    if (messages == null || !messages.isArray() || messages.isEmpty()) {
      throw new InvalidRequestException("'messages' must be a non-empty array");
    }
    int tokens = 0;
    for (JsonNode message : messages) {
      if (!message.isObject() || !message.hasNonNull("role")) {
        throw new InvalidRequestException("each message needs a 'role'");
      }
      tokens += contentTokens(message.get("content"), text);
      // An assistant's tool calls (OpenAI's and Ollama's form) are history the prompt holds.
      for (JsonNode call : message.path("tool_calls")) {
        JsonNode function = call.path("function");
        tokens +=
            textTokens(
                function.path("name").asText("") + jsonText(function.get("arguments")), text);
      }
      // Ollama's form: base64 images beside the text.
      for (JsonNode image : message.path("images")) {
        tokens += ImageTokens.ofBase64(image.asText());
      }
    }
    return tokens;
  }

  /**
   * A message's content: a string, or an array of parts with a {@code text} each or an image
   * ({@link ImageTokens}).
   */
  private static int contentTokens(JsonNode content, StringBuilder text) {
    if (content == null || content.isNull()) {
      return 0;
    }
    if (content.isTextual()) {
      text.append(content.asText());
      return SimpleTokenizer.count(content.asText());
    }
    if (!content.isArray()) {
      throw new InvalidRequestException("message content must be a string or an array of parts");
    }
    int tokens = 0;
    for (JsonNode part : content) {
      int image = imageTokens(part);
      if (image >= 0) {
        tokens += image;
        continue;
      }
      // Anthropic's tool blocks: a call's input, a result's content.
      if ("tool_use".equals(part.path("type").asText())) {
        tokens += textTokens(part.path("name").asText("") + jsonText(part.get("input")), text);
        continue;
      }
      if ("tool_result".equals(part.path("type").asText())) {
        tokens += contentTokens(part.get("content"), text);
        continue;
      }
      if ("input_audio".equals(part.path("type").asText())) {
        continue; // counted by AudioTokens: its base64 is no text of the prompt
      }
      String partText = part.path("text").asText("");
      tokens += SimpleTokenizer.count(partText);
      text.append(partText);
    }
    return tokens;
  }

  /**
   * The tokens of an image part in any API's form (OpenAI's {@code image_url}, Responses' {@code
   * input_image}, Anthropic's {@code image}), or -1 for a part that is no image.
   */
  private static int imageTokens(JsonNode part) {
    switch (part.path("type").asText("")) {
      case "image_url":
        return ImageTokens.ofUrl(part.path("image_url").path("url").asText(""));
      case "input_image":
        return ImageTokens.ofUrl(part.path("image_url").asText(""));
      case "image":
        JsonNode source = part.path("source");
        return "base64".equals(source.path("type").asText())
            ? ImageTokens.ofBase64(source.path("data").asText(""))
            : ImageTokens.URL_IMAGE_TOKENS;
      default:
        return -1;
    }
  }

  /** Responses: {@code instructions} and {@code input}, a string or a list of messages. */
  private static int responsesPromptTokens(JsonNode body, StringBuilder text) {
    int tokens = systemTokens(body.get("instructions"), text);
    JsonNode input = body.get("input");
    if (input != null && input.isTextual()) {
      text.append(input.asText());
      return tokens + SimpleTokenizer.count(input.asText());
    }
    if (input == null || !input.isArray() || input.isEmpty()) {
      throw new InvalidRequestException("'input' must be a string or a non-empty array");
    }
    for (JsonNode item : input) {
      tokens += contentTokens(item.get("content"), text);
    }
    return tokens;
  }

  /**
   * A system prompt beside the messages (Messages' {@code system}, Responses' {@code
   * instructions}).
   */
  private static int systemTokens(JsonNode system, StringBuilder text) {
    return system == null || system.isNull() ? 0 : contentTokens(system, text);
  }

  /**
   * The tools offered, as a chat template puts their schemas in the prompt before the messages (so
   * an agent's turns share them as a prefix).
   */
  private static int toolsTokens(JsonNode body, StringBuilder text) {
    JsonNode tools = body.get("tools");
    return tools == null || !tools.isArray() || tools.isEmpty()
        ? 0
        : textTokens(tools.toString(), text);
  }

  private static int textTokens(String value, StringBuilder text) {
    text.append(value);
    return SimpleTokenizer.count(value);
  }

  /** A JSON string's text, or any other value's JSON; empty when absent. */
  private static String jsonText(JsonNode value) {
    if (value == null || value.isNull()) {
      return "";
    }
    return value.isTextual() ? value.asText() : value.toString();
  }

  private static int completionPromptTokens(JsonNode body, StringBuilder text) {
    JsonNode prompt = body.get("prompt");
    if (prompt == null || prompt.isNull()) {
      throw new InvalidRequestException("'prompt' is required");
    }
    if (prompt.isTextual()) {
      text.append(prompt.asText());
      return SimpleTokenizer.count(prompt.asText());
    }
    if (prompt.isArray()) {
      int tokens = 0;
      for (JsonNode part : prompt) {
        if (part.isTextual()) {
          tokens += SimpleTokenizer.count(part.asText());
          text.append(part.asText());
        } else if (part.isNumber()) {
          tokens++; // a pre-tokenized prompt: one id per token
          text.append(part.asLong()).append(',');
        } else {
          throw new InvalidRequestException("'prompt' array must hold strings or token ids");
        }
      }
      return tokens;
    }
    throw new InvalidRequestException("'prompt' must be a string or an array");
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
  }
}
