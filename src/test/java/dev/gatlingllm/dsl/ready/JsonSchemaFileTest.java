package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.logging.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code llm.schema} files that no answer can be judged against stop the run before the load in one
 * line naming the file (a {@link UserError}, printed without a stack): missing, empty, not JSON,
 * 5,000 levels deep, a type its dialect does not have, a remote {@code $ref}, a {@code $ref} to
 * itself.
 */
class JsonSchemaFileTest {
  @TempDir Path dir;

  private String refusal(String content) throws Exception {
    Path file = dir.resolve("schema.json");
    Files.writeString(file, content);
    UserError error =
        assertThrows(UserError.class, () -> JsonSchemaFile.read("llm.schema", file.toString()));
    assertTrue(error.getMessage().startsWith("llm.schema " + file), error.getMessage());
    assertEquals(1, error.getMessage().lines().count(), "one line");
    return error.getMessage().substring(("llm.schema " + file).length());
  }

  @Test
  void aMissingFileIsNamed() {
    UserError error =
        assertThrows(
            UserError.class,
            () -> JsonSchemaFile.read("llm.schema", dir.resolve("nope.json").toString()));
    assertEquals(
        "the JSON schema of llm.schema '"
            + dir.resolve("nope.json")
            + "' is neither a file nor a classpath resource",
        error.getMessage());
  }

  @Test
  void anEmptyFile() throws Exception {
    assertEquals(" is empty: a JSON schema is a JSON object", refusal(""));
    assertEquals(" is empty: a JSON schema is a JSON object", refusal(" \n"));
  }

  @Test
  void notJson() throws Exception {
    assertTrue(refusal("{\"type\": ").startsWith(": the schema is not JSON: "));
    assertEquals(": a JSON schema must be a JSON object", refusal("[1, 2, 3]"));
  }

  @Test
  void fiveThousandLevelsDeep() throws Exception {
    String deep = "{\"not\":".repeat(5000) + "{}" + "}".repeat(5000);
    assertTrue(refusal(deep).startsWith(": the schema is not JSON: "), "Jackson's depth bound");
    String deepButParseable = "{\"not\":".repeat(500) + "{}" + "}".repeat(500);
    assertEquals(
        ": not a usable JSON schema: it is nested more than 64 levels deep",
        refusal(deepButParseable));
  }

  @Test
  void aTypeTheDialectDoesNotHave() throws Exception {
    assertTrue(refusal("{\"type\":\"objekt\"}").startsWith(": not a usable JSON schema: at /type"));
  }

  @Test
  void aRemoteRef() throws Exception {
    assertTrue(
        refusal("{\"$ref\":\"http://127.0.0.1:1/person.json\"}")
            .startsWith(
                ": not a usable JSON schema: its $ref 'http://127.0.0.1:1/person.json' points"
                    + " outside the schema"));
  }

  @Test
  void aRefToItself() throws Exception {
    assertEquals(
        ": not a usable JSON schema: its $ref '#' leads back to itself without reading any of"
            + " the answer (an endless loop)",
        refusal("{\"$ref\":\"#\"}"));
  }

  @Test
  void theDefaultSchemaIsRead() {
    assertTrue(JsonSchemaFile.read("llm.schema", "person-schema.json").contains("\"name\""));
  }
}
