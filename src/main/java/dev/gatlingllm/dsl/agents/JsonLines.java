package dev.gatlingllm.dsl.agents;

import dev.gatlingllm.bounds.BoundedText;
import dev.gatlingllm.dsl.prompts.Datasets;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.secrets.Redactor;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a JSONL file (a path, or else a classpath resource) record by record, blank lines skipped,
 * so that an error names the file and the line.
 */
final class JsonLines {
  /** Turns one line into a record. */
  @FunctionalInterface
  interface Parser<T> {
    T parse(String line, int number) throws IOException;
  }

  private JsonLines() {}

  /**
   * @param kind what the file holds, for the errors ("agent session trace")
   * @param what what one record is, for the errors ("an agent session")
   */
  static <T> List<T> read(String location, String kind, String what, Parser<T> parser) {
    String where = Redactor.credentialsIn(location);
    List<T> records = new ArrayList<>();
    try (InputStream in = Datasets.open(location, kind);
        BoundedText.Lines lines = BoundedText.lines(in, where)) {
      for (String line = lines.next(); line != null; line = lines.next()) {
        if (line.isBlank()) {
          continue;
        }
        try {
          records.add(parser.parse(line, lines.number()));
        } catch (IOException | IllegalArgumentException e) {
          throw new UserError(
              where + " line " + lines.number() + ": not " + what + ": " + oneLine(e));
        }
      }
    } catch (IOException e) {
      throw new UserError("cannot read " + kind + " " + where + ": " + oneLine(e));
    } catch (UserError e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage()); // Datasets.open: neither a file nor a resource
    }
    if (records.isEmpty()) {
      throw new UserError(kind + " " + where + " holds no record");
    }
    return List.copyOf(records);
  }

  private static String oneLine(Exception e) {
    return Redactor.credentialsIn(UserError.firstLine(e));
  }
}
