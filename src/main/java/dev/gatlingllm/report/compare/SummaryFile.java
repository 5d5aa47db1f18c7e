package dev.gatlingllm.report.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A run's summary.json as a comparison reads it: bounded in size, one JSON object holding a list of
 * levels, and every number it takes checked (a number, finite, within the range the report could
 * have written), so that a broken baseline is refused naming the file and the field rather than
 * compared as if it had no level (a "no regression" that judged nothing), read as NaN, or sized
 * into an array that exhausts the heap ({@code "duration": 1e12}).
 */
final class SummaryFile {
  /** Far beyond any run's summary (a sweep's has a few kilobytes per level). */
  static final long MAX_BYTES = 64L << 20;

  /** The longest measurement window taken: about 11.6 days; a window's rate has a slot a second. */
  static final double MAX_WINDOW_SECONDS = 1e6;

  /** Beyond any concurrency, rate, throughput or latency in ms a run measures. */
  static final double MAX_FIGURE = 1e12;

  private final Path file;
  private final JsonNode root;

  private SummaryFile(Path file, JsonNode root) {
    this.file = file;
    this.root = root;
  }

  /**
   * @throws UnreadableReport when it is empty, too large, not JSON or not an object with a list of
   *     levels
   */
  static SummaryFile read(Path file) throws IOException {
    long size = Files.size(file);
    if (size == 0) {
      throw new UnreadableReport(file, "it is empty");
    }
    if (size > MAX_BYTES) {
      throw new UnreadableReport(file, "it has " + size + " bytes, more than " + MAX_BYTES);
    }
    JsonNode root;
    try (InputStream in = Files.newInputStream(file)) {
      root = new ObjectMapper().readTree(in);
    } catch (JsonProcessingException e) {
      String where =
          e.getLocation() == null
              ? ""
              : " (line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr()
                  + ")";
      throw new UnreadableReport(file, "not JSON: " + e.getOriginalMessage() + where);
    }
    if (root == null || root.isMissingNode()) {
      throw new UnreadableReport(file, "it holds no JSON value");
    }
    if (!root.isObject()) {
      throw new UnreadableReport(file, "it is " + kind(root) + ", not the JSON object of a report");
    }
    JsonNode levels = root.get("levels");
    if (levels == null || !levels.isArray()) {
      throw new UnreadableReport(
          file, "its levels are " + (levels == null ? "missing" : kind(levels)) + ", not a list");
    }
    if (levels.isEmpty()) {
      throw new UnreadableReport(file, "it has no level to compare");
    }
    for (int i = 0; i < levels.size(); i++) {
      if (!levels.get(i).isObject()) {
        throw new UnreadableReport(file, "levels[" + i + "] is " + kind(levels.get(i)));
      }
    }
    return new SummaryFile(file, root);
  }

  JsonNode root() {
    return root;
  }

  JsonNode levels() {
    return root.get("levels");
  }

  /** A level's label: text, not blank. */
  String label(int level) {
    JsonNode label = levels().get(level).get("label");
    if (label == null || !label.isTextual() || label.asText().isBlank()) {
      throw new UnreadableReport(
          file,
          "levels["
              + level
              + "].label is "
              + (label == null ? "missing" : kind(label))
              + ", not a level's name");
    }
    return label.asText();
  }

  /**
   * A number of a level, or {@code absent} when it is missing or null (the report writes null for a
   * figure it has no value of).
   *
   * @throws UnreadableReport when it is not a number, not finite, or outside [0, max]
   */
  double levelNumber(int level, String field, double absent, double max) {
    return number(levels().get(level), "levels[" + level + "]." + field, field, absent, max);
  }

  /** A number of an object of the summary (its root, its capacity), as {@link #levelNumber}. */
  double number(JsonNode owner, String where, String field, double absent, double max) {
    JsonNode node = owner.get(field);
    if (node == null || node.isNull()) {
      return absent;
    }
    if (!node.isNumber()) {
      throw new UnreadableReport(file, where + " is " + kind(node) + ", not a number");
    }
    double value = node.asDouble();
    if (!Double.isFinite(value)) {
      throw new UnreadableReport(file, where + " is " + node.asText() + ", not a finite number");
    }
    if (value < 0 || value > max) {
      throw new UnreadableReport(
          file, where + " is " + node.asText() + ", outside 0 to " + plain(max));
    }
    return value;
  }

  /** What a JSON value is, for a message: {@code null}, {@code a list}, {@code the text "x"}. */
  private static String kind(JsonNode node) {
    if (node.isNull()) {
      return "null";
    }
    if (node.isArray()) {
      return "a list";
    }
    if (node.isObject()) {
      return "an object";
    }
    if (node.isTextual()) {
      String text = node.asText();
      return "the text \"" + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "\"";
    }
    return node.toString();
  }

  /** Numbers in messages: 1000000 rather than 1.0E6. */
  private static String plain(double value) {
    return new java.math.BigDecimal(value).toPlainString();
  }
}
