package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.dsl.prompts.Datasets;
import dev.gatlingllm.gatling.action.StructuredOutput;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.values.ResponseFormat;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A JSON schema read from a file or a classpath resource for a ready simulation ({@code
 * llm.schema}), and checked before the load: parsed, compiled, its references and its dialect's
 * keywords checked as {@code responseFormat(..)} checks a constant schema. A schema no answer can
 * be judged against (missing, empty, not JSON, a loop of references, a remote {@code $ref}, {@code
 * "type": "objekt"}) stops the run in one line naming the file, before any request is sent.
 */
public final class JsonSchemaFile {
  /** Far more than any schema a request carries; what is read of the file at most. */
  public static final int MAX_BYTES = 1 << 20;

  private JsonSchemaFile() {}

  /**
   * The schema's text.
   *
   * @param property the property that named it, for the message (e.g. {@code llm.schema})
   * @param location a file or a classpath resource
   * @return the schema's JSON text, checked
   * @throws IllegalArgumentException (a one-line user error) when it cannot be used
   */
  public static String read(String property, String location) {
    String named = property + " " + location;
    byte[] bytes;
    try (InputStream in = Datasets.open(location, "the JSON schema of " + property)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    } catch (IOException e) {
      throw new UserError("cannot read " + named + ": " + e.getMessage());
    } catch (IllegalArgumentException e) {
      throw UserError.of(e);
    }
    if (bytes.length > MAX_BYTES) {
      throw new UserError(named + " is larger than " + MAX_BYTES + " bytes: not a JSON schema");
    }
    String text = new String(bytes, StandardCharsets.UTF_8);
    if (text.isBlank()) {
      throw new UserError(named + " is empty: a JSON schema is a JSON object");
    }
    try {
      StructuredOutput.constant(text, ResponseFormat.dialectDefault());
    } catch (IllegalArgumentException e) {
      throw new UserError(named + ": " + e.getMessage().replaceFirst("^responseFormat: ", ""));
    }
    return text;
  }
}
