package dev.gatlingllm.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.request.SchemaVerdict;
import org.junit.jupiter.api.Test;

/**
 * Schemas no answer can be judged against are refused when compiled, before any answer, each naming
 * what is wrong: reference loops (which overflow the validator's stack), remote references,
 * references to nothing, keywords their dialect does not have, and depth; recursive schemas that
 * descend into the answer still compile and judge.
 */
class SchemaShapeTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String refusal(String schema) throws Exception {
    return assertThrows(
            IllegalArgumentException.class, () -> AnswerSchema.of(JSON.readTree(schema)))
        .getMessage();
  }

  @Test
  void aSchemaWhoseRefPointsAtItselfIsRefused() throws Exception {
    assertEquals(
        "not a usable JSON schema: its $ref '#' leads back to itself without reading any of the"
            + " answer (an endless loop)",
        refusal("{\"$ref\":\"#\"}"));
  }

  @Test
  void aLoopThroughDefsAndAllOfIsRefusedNamingTheReference() throws Exception {
    assertTrue(
        refusal(
                "{\"$defs\":{\"a\":{\"allOf\":[{\"$ref\":\"#/$defs/b\"}]},"
                    + "\"b\":{\"$ref\":\"#/$defs/a\"}},\"$ref\":\"#/$defs/a\"}")
            .contains("its $ref '#/$defs/a' leads back to itself"));
  }

  @Test
  void aRecursiveSchemaThatDescendsIntoTheAnswerIsFine() throws Exception {
    AnswerSchema tree =
        AnswerSchema.of(
            JSON.readTree(
                "{\"type\":\"object\",\"properties\":{\"child\":{\"$ref\":\"#\"}},"
                    + "\"additionalProperties\":false}"));
    assertEquals(SchemaVerdict.VALID, tree.judge("{\"child\":{\"child\":{}}}"));
    assertEquals(SchemaVerdict.INVALID, tree.judge("{\"child\":{\"other\":1}}"));
  }

  @Test
  void aRemoteRefIsRefusedNamingTheReference() throws Exception {
    assertTrue(
        refusal("{\"properties\":{\"x\":{\"$ref\":\"https://example.com/person.json\"}}}")
            .startsWith(
                "not a usable JSON schema: its $ref 'https://example.com/person.json' points"
                    + " outside the schema: remote references are not fetched"));
  }

  @Test
  void aRefToNothingIsRefused() throws Exception {
    assertEquals(
        "not a usable JSON schema: its $ref '#/$defs/missing' points at nothing in the schema",
        refusal("{\"$ref\":\"#/$defs/missing\"}"));
  }

  @Test
  void aTypeTheDialectDoesNotHaveIsRefusedWithItsPlace() throws Exception {
    String message = refusal("{\"properties\":{\"a\":{\"type\":\"objekt\"}}}");
    assertTrue(message.startsWith("not a usable JSON schema: at /properties/a/type: "), message);
    assertTrue(refusal("{\"type\":\"objekt\"}").contains("at /type: "));
    assertTrue(refusal("{\"minLength\":\"abc\"}").contains("at /minLength: "));
  }

  @Test
  void aSchemaNestedBeyondTheBoundIsRefused() throws Exception {
    String deep = "{\"not\":".repeat(100) + "{}" + "}".repeat(100);
    assertEquals("not a usable JSON schema: it is nested more than 64 levels deep", refusal(deep));
  }

  @Test
  void aDraft07SchemaIsCheckedAgainstItsOwnMetaSchema() throws Exception {
    AnswerSchema draft7 =
        AnswerSchema.of(
            JSON.readTree(
                "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"string\"}"));
    assertEquals(SchemaVerdict.VALID, draft7.judge("\"x\""));
    assertTrue(
        refusal("{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"strin\"}")
            .contains("at /type: "));
  }

  @Test
  void aRefInsideDataIsNoReference() throws Exception {
    AnswerSchema schema =
        AnswerSchema.of(JSON.readTree("{\"const\":{\"$ref\":\"https://example.com/x\"}}"));
    assertEquals(SchemaVerdict.VALID, schema.judge("{\"$ref\":\"https://example.com/x\"}"));
  }
}
