package dev.gatlingllm.check;

import static dev.gatlingllm.dsl.LlmDsl.answerJsonPath;
import static dev.gatlingllm.dsl.LlmDsl.answerRegex;
import static dev.gatlingllm.dsl.LlmDsl.toolCallArguments;
import static dev.gatlingllm.dsl.LlmDsl.toolCallName;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.metrics.aggregate.SyntheticResults;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.stream.AnswerChecking;
import dev.gatlingllm.stream.FinishedStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Checks that find a value: what they find, why they fail, what they save, and the paths they
 * refuse.
 */
class ValueChecksTest {
  private static FinishedStream answer(String content, ToolCall... calls) {
    return new FinishedStream(
        ResultBuilder.from(
                SyntheticResults.ok(50 * SyntheticResults.MS, 4, 20 * SyntheticResults.MS, 4, 10))
            .generation(-1, "stop")
            .build(),
        content,
        "",
        List.of(calls));
  }

  private static final FinishedStream JSON =
      answer(
          "{\"name\":\"x\",\"n\":42,\"ok\":true,\"items\":[{\"first name\":\"Ada\"}],\"nested\":{\"a\":[1,2]}}");

  private static String found(ValueCheck check, FinishedStream outcome) {
    ValueCheck.Found found = check.evaluate(outcome);
    return found.missing() != null ? "missing: " + found.missing() : found.value();
  }

  @Test
  void jsonPathFindsOneValueAsText() {
    assertEquals("x", found(answerJsonPath("$.name"), JSON));
    assertEquals("42", found(answerJsonPath("$['n']"), JSON), "a number's JSON text");
    assertEquals("true", found(answerJsonPath("$.ok"), JSON));
    assertEquals("Ada", found(answerJsonPath("$.items[0]['first name']"), JSON));
    assertEquals("{\"a\":[1,2]}", found(answerJsonPath("$.nested"), JSON), "an object's JSON");
    assertEquals("2", found(answerJsonPath("$.nested.a[1]"), JSON));
    assertEquals(
        "missing: jsonPath $.items[1] not found in the answer",
        found(answerJsonPath("$.items[1]"), JSON));
    assertEquals(
        "missing: the answer is not JSON", found(answerJsonPath("$.name"), answer("Paris")));
    assertEquals(
        "missing: jsonPath $.name is not 'y'", found(answerJsonPath("$.name").is("y"), JSON));
  }

  @Test
  void pathsThatCouldSelectSeveralValuesAreRefusedWhenBuilt() {
    for (String path :
        List.of("name", "$..name", "$.items[*]", "$.items[?(@.a)]", "$.items[0:2]", "$.", "$[")) {
      assertThrows(IllegalArgumentException.class, () -> answerJsonPath(path), path);
    }
  }

  @Test
  void toolCallsAreFoundByNameAndArguments() {
    FinishedStream call =
        answer(
            "",
            new ToolCall("get_weather", "{\"city\":\"Lyon\",\"days\":3}"),
            new ToolCall("get_time", "{}"));
    assertEquals("get_weather", found(toolCallName(), call), "the first call");
    assertEquals("Lyon", found(toolCallArguments("$.city"), call));
    assertEquals("3", found(toolCallArguments("$.days"), call));
    assertEquals("missing: no tool call", found(toolCallName(), JSON));
    assertEquals("missing: no tool call", found(toolCallArguments("$.city"), JSON));
    assertEquals(
        "missing: the tool call arguments are not JSON",
        found(toolCallArguments("$.city"), answer("", new ToolCall("f", "{\"city\":"))));
    assertEquals(
        "missing: tool call name is not 'get_time'", found(toolCallName().is("get_time"), call));
  }

  @Test
  void answerRegexGivesItsFirstGroupOrTheWholeMatch() {
    FinishedStream paris = answer("The capital is Paris.");
    assertEquals("Paris", found(answerRegex("capital is (\\w+)"), paris));
    assertEquals("capital", found(answerRegex("cap\\w+"), paris));
    assertEquals("missing: answer does not match /Rome/", found(answerRegex("Rome"), paris));
  }

  @Test
  void valuesAreSavedOnlyWhenEveryCheckPasses() {
    AnswerChecking.Judged ok =
        AnswerChecking.judgeAndSave(
            List.of(
                answerJsonPath("$.name").saveAs("name"),
                answerJsonPath("$.n").is("42").saveAs("n")),
            JSON);
    assertEquals(Map.of("name", "x", "n", "42"), ok.saved());
    assertEquals(true, ok.finished().result().ok());
    AnswerChecking.Judged ko =
        AnswerChecking.judgeAndSave(
            List.of(answerJsonPath("$.name").saveAs("name"), answerJsonPath("$.missing")), JSON);
    assertEquals(Map.of(), ko.saved(), "nothing saved from a request that ends KO");
    assertEquals(
        "check failed: jsonPath $.missing not found in the answer",
        ko.finished().result().verdict().message());
    assertThrows(IllegalArgumentException.class, () -> answerJsonPath("$.a").saveAs(" "));
  }
}
