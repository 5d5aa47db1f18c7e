package dev.gatlingllm.report.csv;

import dev.gatlingllm.metrics.request.RequestRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code requests.csv} format: one line per request, RFC 4180 quoting. Durations are
 * milliseconds with three decimals (microseconds, exact), -1 when absent. Free text (request names,
 * error messages from the server) has its control characters replaced by spaces, so every request
 * stays on one line, and a leading {@code = + - @} is prefixed with {@code '} so that a spreadsheet
 * never runs it as a formula.
 */
public final class RequestsCsv {
  /** The column names, in the file's order ({@link RequestColumn}). */
  public static final List<String> COLUMNS =
      Arrays.stream(RequestColumn.values()).map(RequestColumn::header).toList();

  public static final String HEADER = String.join(",", COLUMNS);

  private static final RequestColumn[] TABLE = RequestColumn.values();

  private RequestsCsv() {}

  /** Appends one row, without the line end. */
  public static void appendRow(StringBuilder line, RequestRow row) {
    for (int i = 0; i < TABLE.length; i++) {
      if (i > 0) {
        line.append(',');
      }
      TABLE[i].write(line, row);
    }
  }

  public static String row(RequestRow record) {
    StringBuilder line = new StringBuilder(256);
    appendRow(line, record);
    return line.toString();
  }

  /** Free text made safe for one CSV field; null becomes an empty field. */
  static void appendText(StringBuilder line, String text) {
    if (text == null || text.isEmpty()) {
      return;
    }
    StringBuilder clean = new StringBuilder(text.length() + 2);
    char first = text.charAt(0);
    if (first == '=' || first == '+' || first == '-' || first == '@') {
      clean.append('\'');
    }
    boolean quote = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        clean.append(' ');
      } else {
        quote |= c == ',' || c == '"';
        clean.append(c);
      }
    }
    if (quote) {
      line.append('"').append(clean.toString().replace("\"", "\"\"")).append('"');
    } else {
      line.append(clean);
    }
  }

  /** Splits one line into its fields, undoing the quoting. */
  public static List<String> split(String line) {
    List<String> fields = new ArrayList<>(COLUMNS.size());
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        fields.add(field.toString());
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString());
    return fields;
  }

  /** Reads rows by column name, so that files with more (or reordered) columns still parse. */
  public static final class Reader {
    /**
     * Each column's position in the file, by {@link RequestColumn} ordinal; -1 for an optional one
     * it lacks.
     */
    private final int[] positions = new int[TABLE.length];

    public Reader(String headerLine) {
      List<String> names =
          split(headerLine.startsWith("\uFEFF") ? headerLine.substring(1) : headerLine);
      Map<String, Integer> byName = new HashMap<>();
      for (int i = 0; i < names.size(); i++) {
        byName.put(names.get(i).trim(), i);
      }
      for (RequestColumn column : TABLE) {
        Integer position = byName.get(column.header());
        if (position == null && !column.optional()) {
          throw new IllegalArgumentException("requests.csv: missing column " + column.header());
        }
        positions[column.ordinal()] = position == null ? -1 : position;
      }
    }

    public RequestRow parse(String line) {
      List<String> fields = split(line);
      RequestRow.Builder row = RequestRow.builder();
      for (RequestColumn column : TABLE) {
        int position = positions[column.ordinal()];
        if (position < 0) {
          continue; // an optional column the file lacks: the row's default
        }
        if (position >= fields.size()) {
          throw new IllegalArgumentException(
              "requests.csv: row has no " + column.header() + " field");
        }
        column.read(fields.get(position), row);
      }
      return row.build();
    }
  }
}
