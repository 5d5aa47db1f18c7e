package dev.gatlingllm.dsl.agents;

import dev.gatlingllm.dsl.prompts.Datasets;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
    List<T> records = new ArrayList<>();
    try (InputStream in = Datasets.open(location, kind);
        BufferedReader lines =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      int number = 0;
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        try {
          records.add(parser.parse(line, number));
        } catch (IOException | IllegalArgumentException e) {
          throw new IllegalArgumentException(
              location + " line " + number + ": not " + what + ": " + e.getMessage(), e);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + kind + " " + location, e);
    }
    if (records.isEmpty()) {
      throw new IllegalArgumentException(kind + " " + location + " holds no record");
    }
    return List.copyOf(records);
  }
}
