package dev.gatlingllm.metrics.server;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict parser of the Prometheus text exposition format (version 0.0.4, which OpenMetrics text
 * also reads as for the lines used here): {@code name{label="value",...} value [timestamp]} lines,
 * {@code #} comments ({@code # HELP}, {@code # TYPE} and others, skipped), blank lines. Label
 * values may hold the escapes {@code \\}, {@code \"} and {@code \n}. Values are floats, {@code
 * NaN}, {@code +Inf} or {@code -Inf}.
 *
 * <p>Maven Central's Prometheus client writes this format but has no reader for it, hence this
 * small one. A line that breaks the grammar fails the whole scrape with its line number: figures
 * read from a half-understood page would be worse than none. Bounded: at most {@link #MAX_SAMPLES}
 * samples a page.
 */
public final class PrometheusText {
  /**
   * More series than any serving engine exposes; a page beyond it is not what this reader is for.
   */
  public static final int MAX_SAMPLES = 100_000;

  /** One sample: a metric name, its labels in page order, its value. */
  public record Sample(String name, Map<String, String> labels, double value) {
    public Sample {
      labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }

    public String label(String key) {
      return labels.get(key);
    }
  }

  /** A line that is not in the format. */
  public static final class FormatException extends IllegalArgumentException {
    FormatException(int line, String why) {
      super("metrics page line " + line + ": " + why);
    }
  }

  private final String text;
  private int pos;
  private int line = 1;

  private PrometheusText(String text) {
    this.text = text;
  }

  /** Every sample of the page, in page order. */
  public static List<Sample> parse(String page) {
    return new PrometheusText(page).samples();
  }

  private List<Sample> samples() {
    List<Sample> out = new ArrayList<>();
    while (pos < text.length()) {
      skipBlanks();
      if (pos >= text.length()) {
        break;
      }
      char c = text.charAt(pos);
      if (c == '\n') {
        nextLine();
        continue;
      }
      if (c == '\r') {
        pos++;
        continue;
      }
      if (c == '#') {
        skipToLineEnd();
        continue;
      }
      out.add(sample());
      if (out.size() > MAX_SAMPLES) {
        throw new FormatException(line, "more than " + MAX_SAMPLES + " samples");
      }
    }
    return out;
  }

  private Sample sample() {
    String name = metricName();
    Map<String, String> labels = new LinkedHashMap<>();
    if (pos < text.length() && text.charAt(pos) == '{') {
      pos++;
      labels(labels);
    }
    if (!skipBlanks()) {
      throw new FormatException(line, "expected a space before the value of " + name);
    }
    double value = number(token(), "value of " + name);
    if (skipBlanks() && pos < text.length() && text.charAt(pos) != '\n') {
      String timestamp = token();
      try {
        Long.parseLong(timestamp);
      } catch (NumberFormatException e) {
        throw new FormatException(line, "bad timestamp '" + timestamp + "' of " + name);
      }
      skipBlanks();
    }
    if (pos < text.length()) {
      if (text.charAt(pos) == '\r' && pos + 1 < text.length() && text.charAt(pos + 1) == '\n') {
        pos++;
      }
      if (text.charAt(pos) != '\n') {
        throw new FormatException(line, "unexpected text after the value of " + name);
      }
      nextLine();
    }
    return new Sample(name, labels, value);
  }

  private String metricName() {
    int start = pos;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
      if (letter || (pos > start && c >= '0' && c <= '9')) {
        pos++;
      } else {
        break;
      }
    }
    if (pos == start) {
      throw new FormatException(line, "expected a metric name");
    }
    return text.substring(start, pos);
  }

  private void labels(Map<String, String> labels) {
    while (true) {
      skipBlanks();
      if (pos >= text.length()) {
        throw new FormatException(line, "unterminated label set");
      }
      if (text.charAt(pos) == '}') {
        pos++;
        return;
      }
      String key = labelName();
      skipBlanks();
      expect('=');
      skipBlanks();
      expect('"');
      labels.put(key, labelValue());
      skipBlanks();
      if (pos < text.length() && text.charAt(pos) == ',') {
        pos++;
      } else if (pos >= text.length() || text.charAt(pos) != '}') {
        throw new FormatException(line, "expected ',' or '}' after label " + key);
      }
    }
  }

  private String labelName() {
    int start = pos;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      if (letter || (pos > start && c >= '0' && c <= '9')) {
        pos++;
      } else {
        break;
      }
    }
    if (pos == start) {
      throw new FormatException(line, "expected a label name");
    }
    return text.substring(start, pos);
  }

  private String labelValue() {
    StringBuilder value = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '"') {
        return value.toString();
      }
      if (c == '\n') {
        break;
      }
      if (c == '\\') {
        if (pos >= text.length()) {
          break;
        }
        char escaped = text.charAt(pos++);
        switch (escaped) {
          case '\\' -> value.append('\\');
          case '"' -> value.append('"');
          case 'n' -> value.append('\n');
          default ->
              throw new FormatException(line, "unknown escape \\" + escaped + " in a label value");
        }
      } else {
        value.append(c);
      }
    }
    throw new FormatException(line, "unterminated label value");
  }

  private String token() {
    int start = pos;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        break;
      }
      pos++;
    }
    return text.substring(start, pos);
  }

  private double number(String token, String what) {
    switch (token) {
      case "NaN":
        return Double.NaN;
      case "+Inf":
      case "Inf":
        return Double.POSITIVE_INFINITY;
      case "-Inf":
        return Double.NEGATIVE_INFINITY;
      default:
        break;
    }
    try {
      // Double.parseDouble also takes "Infinity", hex floats and a trailing 'd': the format has
      // none of them
      if (token.isEmpty()
          || token.chars().anyMatch(ch -> Character.isLetter(ch) && ch != 'e' && ch != 'E')) {
        throw new NumberFormatException();
      }
      return Double.parseDouble(token);
    } catch (NumberFormatException e) {
      throw new FormatException(line, "bad number '" + token + "' for the " + what);
    }
  }

  private void expect(char c) {
    if (pos >= text.length() || text.charAt(pos) != c) {
      throw new FormatException(line, "expected '" + c + "'");
    }
    pos++;
  }

  /** Skips spaces and tabs; true when there were some. */
  private boolean skipBlanks() {
    int start = pos;
    while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
      pos++;
    }
    return pos > start;
  }

  private void skipToLineEnd() {
    while (pos < text.length() && text.charAt(pos) != '\n') {
      pos++;
    }
    if (pos < text.length()) {
      nextLine();
    }
  }

  private void nextLine() {
    pos++;
    line++;
  }
}
