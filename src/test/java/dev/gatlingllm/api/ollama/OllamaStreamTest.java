package dev.gatlingllm.api.ollama;

import static dev.gatlingllm.api.openai.SignalRecorder.interpretNdjson;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.StreamInterpreter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ollama's NDJSON streams, written from its API documentation: what each line carries, errors,
 * damaged lines.
 */
class OllamaStreamTest {
  private static final String CHAT_FINAL =
      "{\"model\":\"llama3.2\",\"created_at\":\"2025-01-01T00:00:01Z\","
          + "\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,\"done_reason\":\"stop\","
          + "\"total_duration\":4883583458,\"load_duration\":1334875,\"prompt_eval_count\":26,"
          + "\"prompt_eval_duration\":342546000,\"eval_count\":3,\"eval_duration\":4535599000}\n";

  private static StreamInterpreter chat() {
    return new OllamaChatDialect().newInterpreter();
  }

  private static StreamInterpreter generate() {
    return new OllamaGenerateDialect().newInterpreter();
  }

  private static String chatLine(String messageFields) {
    return "{\"model\":\"llama3.2\",\"created_at\":\"2025-01-01T00:00:00Z\",\"message\":{\"role\":\"assistant\","
        + messageFields
        + "},\"done\":false}\n";
  }

  @Test
  void chatContentThenTheFinalObjectWithCountsAndDecodeAndPrefillTimes() {
    String stream =
        chatLine("\"content\":\"The\"")
            + chatLine("\"content\":\" sky\"")
            + chatLine("\"content\":\" is\"")
            + CHAT_FINAL;
    assertEquals(
        List.of(
            "CONTENT:The",
            "CONTENT: sky",
            "CONTENT: is",
            "finish:stop",
            "usage:26/3",
            "decode:4535599000",
            "prefill:342546000",
            "done"),
        interpretNdjson(chat(), stream));
  }

  @Test
  void chatThinkingIsReasoningAndAnEmptyContentIsNoOutput() {
    String stream =
        chatLine("\"content\":\"\",\"thinking\":\"Let me\"") + chatLine("\"content\":\"Blue\"");
    assertEquals(List.of("REASONING:Let me", "CONTENT:Blue"), interpretNdjson(chat(), stream));
  }

  @Test
  void chatToolCallsAreOutputNamedByTheirFunction() {
    String stream =
        chatLine(
            "\"content\":\"\",\"tool_calls\":[{\"function\":{\"name\":\"get_weather\","
                + "\"arguments\":{\"city\":\"Paris\",\"days\":[1,2]}}},{\"function\":{\"arguments\":{}}}]");
    // The arguments, sent as objects, come back as the compact JSON text the model wrote.
    assertEquals(
        List.of(
            "TOOL_CALL_NAME:get_weather",
            "TOOL_CALL:{\"city\":\"Paris\",\"days\":[1,2]}",
            "TOOL_CALL_NAME:tool_call",
            "TOOL_CALL:{}"),
        interpretNdjson(chat(), stream));
  }

  @Test
  void generateResponseAndThinking() {
    String stream =
        "{\"model\":\"m\",\"created_at\":\"t\",\"response\":\"\",\"thinking\":\"Hmm\",\"done\":false}\n"
            + "{\"model\":\"m\",\"created_at\":\"t\",\"response\":\"Hi\",\"done\":false}\n"
            + "{\"model\":\"m\",\"created_at\":\"t\",\"response\":\"\",\"done\":true,\"done_reason\":\"length\","
            + "\"context\":[1,2,3],\"total_duration\":10,\"prompt_eval_count\":5,\"eval_count\":2,"
            + "\"eval_duration\":2000000}";
    assertEquals(
        List.of(
            "REASONING:Hmm", "CONTENT:Hi", "finish:length", "usage:5/2", "decode:2000000", "done"),
        interpretNdjson(generate(), stream),
        "the last line needs no newline");
  }

  @Test
  void eachShapeReadsOnlyItsOwnTextField() {
    assertEquals(List.of(), interpretNdjson(chat(), "{\"response\":\"x\",\"done\":false}\n"));
    assertEquals(
        List.of(),
        interpretNdjson(generate(), "{\"message\":{\"content\":\"x\"},\"done\":false}\n"));
  }

  @Test
  void aFinalObjectWithoutReasonOrCountsStillEndsTheStream() {
    assertEquals(List.of("done"), interpretNdjson(chat(), "{\"done\":true}\n"));
    assertEquals(
        List.of("usage:-1/7", "done"),
        interpretNdjson(chat(), "{\"done\":true,\"eval_count\":7}\n"));
  }

  @Test
  void oddValuesAreSkippedWhole() {
    assertEquals(
        List.of("CONTENT:x"),
        interpretNdjson(
            chat(),
            "{\"done\":{\"nested\":[1,{\"done\":true}]},\"message\":{\"content\":\"x\",\"images\":null},"
                + "\"eval_count\":\"12\",\"done_reason\":null}\n"));
  }

  @Test
  void anErrorObjectIsAStreamError() {
    assertEquals(
        List.of("CONTENT:a", "error:an error was encountered while running the model: GGML_ASSERT"),
        interpretNdjson(
            chat(),
            chatLine("\"content\":\"a\"")
                + "{\"error\":\"an error was encountered while running the model: GGML_ASSERT\"}\n"));
    assertEquals(
        List.of("error:error without message"), interpretNdjson(generate(), "{\"error\":\"\"}\n"));
    assertEquals(
        List.of("error:boom"), interpretNdjson(generate(), "{\"error\":{\"message\":\"boom\"}}\n"));
  }

  @Test
  void anErrorOnTheFinalObjectWinsOverItsEnd() {
    assertEquals(
        List.of("error:out of memory"),
        interpretNdjson(chat(), "{\"done\":true,\"error\":\"out of memory\"}\n"));
  }

  @Test
  void damagedLinesAreMalformedAndCarryNothingElse() {
    List<String> truncated =
        interpretNdjson(chat(), "{\"message\":{\"content\":\"lost\"},\"done\":fal\n");
    assertEquals(
        List.of(
            "malformed:invalid JSON in NDJSON line: {\"message\":{\"content\":\"lost\"},\"done\":fal"),
        truncated);
    assertEquals(
        List.of("malformed:invalid JSON in NDJSON line: [1,2]"),
        interpretNdjson(chat(), "[1,2]\n"));
    assertEquals(
        List.of("malformed:invalid JSON in NDJSON line: {\"done\":true} {}"),
        interpretNdjson(chat(), "{\"done\":true} {}\n"));
    List<String> sse = interpretNdjson(generate(), "data: {\"response\":\"x\"}\n");
    assertTrue(
        sse.get(0).startsWith("malformed:invalid JSON in NDJSON line: data:"), sse.toString());
  }

  @Test
  void unusualButValidJsonGoesThroughTheReferenceParser() {
    // Escapes and odd spacing make the fast cursor hand the line to Jackson: the result must be the
    // same.
    assertEquals(
        List.of("CONTENT:caf\u00e9 \"q\"", "done"),
        interpretNdjson(
            generate(),
            "{ \"response\" : \"caf\\u00e9 \\\"q\\\"\" , \"done\" : false }\n{\"done\" : true}\n"));
  }
}
