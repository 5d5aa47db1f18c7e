package dev.gatlingllm.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.api.dialects.Dialects;
import org.junit.jupiter.api.Test;

class RejectedFieldsTest {
  @Test
  void openAisRefusalOfMaxTokensNamesTheOtherField() {
    assertEquals(
        "unsupported field 'max_tokens' (set llm.maxTokensField=max_completion_tokens)",
        RejectedFields.explain(
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use"
                + " 'max_completion_tokens' instead."));
  }

  @Test
  void aServerWithoutMaxCompletionTokensGetsTheWayBack() {
    assertEquals(
        "unsupported field 'max_completion_tokens' (set llm.maxTokensField=max_tokens)",
        RejectedFields.explain("Unrecognized request argument supplied: max_completion_tokens"));
  }

  @Test
  void ignoreEosAndStreamOptionsNameTheirProperties() {
    assertEquals(
        "unsupported field 'ignore_eos' (set llm.ignoreEos=false)",
        RejectedFields.explain("Unrecognized request argument supplied: ignore_eos"));
    assertEquals(
        "unsupported field 'stream_options' (set llm.includeUsage=false)",
        RejectedFields.explain("Extra inputs are not permitted: stream_options"));
  }

  @Test
  void otherErrorsAboutTheSameFieldsAreLeftAsTheServerSaidThem() {
    String tooLong =
        "max_tokens must be at most 1000000 (the simulated model's length), was 2000000";
    assertEquals(tooLong, RejectedFields.explain(tooLong));
    String unknownModel =
        "The model 'gpt-x' does not exist or you do not have access to it. unknown model";
    assertEquals(unknownModel, RejectedFields.explain(unknownModel));
    assertEquals(null, RejectedFields.explain(null));
  }

  @Test
  void aFieldInsideALongerNameIsNotTheField() {
    String message = "Unsupported parameter: 'my_max_tokens_x'";
    assertEquals(message, RejectedFields.explain(message));
  }

  @Test
  void onlyTheDialectsOfSelfHostedServersTakeIgnoreEos() {
    java.util.Map<String, Boolean> expected =
        java.util.Map.of("openai-chat", true, "openai-completions", true);
    for (LlmDialect dialect : Dialects.all()) {
      org.junit.jupiter.api.Assertions.assertEquals(
          expected.getOrDefault(dialect.id(), false), dialect.supportsIgnoreEos(), dialect.id());
    }
  }
}
