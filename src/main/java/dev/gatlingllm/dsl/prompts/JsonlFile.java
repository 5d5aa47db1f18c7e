package dev.gatlingllm.dsl.prompts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.bounds.BoundedText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A dataset of one JSON record a line, read before the load: blank lines and {@code //} comments
 * skipped, a bad line named by its number. Shared by the datasets whose records carry files
 * (images, audio) beside their prompt.
 */
final class JsonlFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Makes a feeder record of one JSON record; {@code where} names its file and line. */
  @FunctionalInterface
  interface RecordReader {
    Map<String, Object> read(JsonNode record, String where);
  }

  private JsonlFile() {}

  /**
   * The largest dataset read whole: 64 MiB of records that name their files (the images and clips
   * are read on their own, each within its own bound).
   */
  static final long MAX_TEXT_BYTES = 64L << 20;

  /** The whole text of the file or classpath resource at {@code location}. */
  static String text(String location, String kind) {
    try (InputStream in = Datasets.open(location, kind)) {
      return new String(
          BoundedText.readAll(
              in,
              kind + " " + dev.gatlingllm.secrets.Redactor.credentialsIn(location),
              MAX_TEXT_BYTES),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + kind + " " + location, e);
    }
  }

  /** The records of {@code text}, one a line, each made by {@code reader}. */
  static List<Map<String, Object>> records(
      String location, String text, String kind, RecordReader reader) {
    List<Map<String, Object>> records = new ArrayList<>();
    try (BufferedReader lines = new BufferedReader(new StringReader(text))) {
      String line;
      int number = 0;
      while ((line = lines.readLine()) != null) {
        number++;
        if (!line.isBlank() && !line.stripLeading().startsWith("//")) {
          records.add(
              reader.read(
                  parse(location, line, kind, "line " + number), location + " line " + number));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return records;
  }

  /** {@code text} as JSON, or an error naming the dataset and {@code where} in it. */
  static JsonNode parse(String location, String text, String kind, String where) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          kind + " " + location + ", " + where + ": not JSON: " + e.getMessage(), e);
    }
  }

  /** The folder of {@code location} with its trailing slash, against which its files resolve. */
  static String folderOf(String location) {
    int slash = Math.max(location.lastIndexOf('/'), location.lastIndexOf('\\'));
    return slash < 0 ? "" : location.substring(0, slash + 1);
  }
}
