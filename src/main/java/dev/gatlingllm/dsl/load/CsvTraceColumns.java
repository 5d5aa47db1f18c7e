package dev.gatlingllm.dsl.load;

import dev.gatlingllm.dsl.prompts.RandomPrompts;
import dev.gatlingllm.report.csv.RequestsCsv;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * A CSV trace's header and the fields of its rows, by column name (case-insensitive), so that the
 * published layouts are read whatever the order of their columns and whatever columns a later
 * release adds.
 */
final class CsvTraceColumns {
  private final List<String> names;

  private CsvTraceColumns(List<String> names) {
    this.names = names;
  }

  static CsvTraceColumns of(String header) {
    List<String> names = new ArrayList<>();
    for (String name : split(header)) {
      names.add(name.toLowerCase(Locale.ROOT));
    }
    return new CsvTraceColumns(names);
  }

  /** Whether the header has every one of these columns. */
  boolean hasAll(List<String> columns) {
    return columns.stream().allMatch(c -> names.contains(c.toLowerCase(Locale.ROOT)));
  }

  /**
   * The column's index.
   *
   * @throws IllegalArgumentException when the header has no such column
   */
  int index(String column) {
    int index = names.indexOf(column.toLowerCase(Locale.ROOT));
    if (index < 0) {
      throw new IllegalArgumentException("the header has no column '" + column + "'");
    }
    return index;
  }

  /** A row's field at the index, trimmed; a row too short for it is an error naming the column. */
  static String field(List<String> row, int index, String column) {
    if (index >= row.size() || row.get(index).isEmpty()) {
      throw new IllegalArgumentException("no value in column '" + column + "'");
    }
    return row.get(index);
  }

  /**
   * A token count: a whole number (pandas may write {@code 12.0}), from 0 to the longest prompt a
   * replay builds.
   */
  static int tokens(List<String> row, int index, String column) {
    String text = field(row, index, column);
    try {
      BigDecimal value = new BigDecimal(text);
      if (value.signum() >= 0
          && value.stripTrailingZeros().scale() <= 0
          && value.compareTo(BigDecimal.valueOf(RandomPrompts.MAX_TOKENS)) <= 0) {
        return value.intValueExact();
      }
    } catch (NumberFormatException | ArithmeticException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "'"
            + column
            + "' must be a whole number from 0 to "
            + RandomPrompts.MAX_TOKENS
            + ", was '"
            + text
            + "'");
  }

  /** A CSV line's fields, trimmed, with RFC 4180 quotes ({@code "a, b"}, {@code ""}) undone. */
  static List<String> split(String line) {
    return RequestsCsv.split(line).stream().map(String::strip).toList();
  }

  /**
   * The rows of a CSV layout with one timestamp column and the input and output lengths' columns.
   *
   * @param header the trace's header
   * @param timestamp the timestamp's column and how its text becomes nanoseconds
   */
  static TraceFormat.Rows rows(
      String header,
      String timestamp,
      ToLongFunction<String> nanos,
      String inputColumn,
      String outputColumn) {
    CsvTraceColumns columns = of(header);
    int stamp = columns.index(timestamp);
    int input = columns.index(inputColumn);
    int output = columns.index(outputColumn);
    return new TraceFormat.Rows() {
      @Override
      public boolean firstLineIsRow() {
        return false;
      }

      @Override
      public TraceReplay.Entry entry(String line) {
        List<String> row = split(line);
        return new TraceReplay.Entry(
            nanos.applyAsLong(field(row, stamp, timestamp)),
            tokens(row, input, inputColumn),
            tokens(row, output, outputColumn),
            List.of());
      }
    };
  }
}
