package dev.gatlingllm.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.request.SchemaVerdict;
import org.junit.jupiter.api.Test;

/** Answers judged by the validator library: valid, breaking the schema, or not JSON at all. */
class AnswerSchemaTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static AnswerSchema schema() throws Exception {
    return AnswerSchema.of(
        JSON.readTree(
            "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},"
                + "\"age\":{\"type\":\"integer\",\"minimum\":0},"
                + "\"mood\":{\"enum\":[\"happy\",\"sad\"]}},"
                + "\"required\":[\"name\",\"age\"],\"additionalProperties\":false}"));
  }

  @Test
  void aValidAnswer() throws Exception {
    assertEquals(
        SchemaVerdict.VALID,
        schema().judge(" {\"name\": \"Ann\", \"age\": 7, \"mood\": \"sad\"}\n"));
  }

  @Test
  void answersThatBreakTheSchema() throws Exception {
    AnswerSchema schema = schema();
    assertEquals(SchemaVerdict.INVALID, schema.judge("{\"name\": \"Ann\"}"));
    assertEquals(SchemaVerdict.INVALID, schema.judge("{\"name\": \"Ann\", \"age\": \"7\"}"));
    assertEquals(SchemaVerdict.INVALID, schema.judge("{\"name\": \"Ann\", \"age\": -1}"));
    assertEquals(
        SchemaVerdict.INVALID, schema.judge("{\"name\": \"A\", \"age\": 1, \"mood\": \"odd\"}"));
    assertEquals(SchemaVerdict.INVALID, schema.judge("{\"name\": \"A\", \"age\": 1, \"x\": 1}"));
  }

  @Test
  void answersThatAreNotJsonAreInvalid() throws Exception {
    AnswerSchema schema = schema();
    assertEquals(SchemaVerdict.INVALID, schema.judge("{\"name\": \"Ann\", \"age\": 7"));
    assertEquals(SchemaVerdict.INVALID, schema.judge("Sure! {\"name\": \"Ann\", \"age\": 7}"));
    assertEquals(SchemaVerdict.INVALID, schema.judge("{\"name\": \"Ann\", \"age\": 7} and more"));
    assertEquals(SchemaVerdict.INVALID, schema.judge(""));
    assertEquals(SchemaVerdict.INVALID, schema.judge("   "));
  }

  @Test
  void aSchemaIsCompiledOnce() throws Exception {
    assertSame(schema(), schema());
  }

  @Test
  void aBrokenSchemaIsRefusedWhenCompiled() {
    assertThrows(
        IllegalArgumentException.class,
        () -> AnswerSchema.of(JSON.readTree("{\"type\": 12, \"$ref\": 7}")));
  }
}
