package dev.gatlingllm.report.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The column table covers the row: every figure of {@code RequestRow} has exactly one column (the
 * typed getters and setters make a column's format fit its figure's type), defined in
 * docs/metrics.md, so a figure added to a part without its column or its definition fails here.
 */
class RequestColumnTest {

  /** A column's name in the table's first cell: lower case, digits and underscores. */
  private static final Pattern COLUMN_NAME = Pattern.compile("`([a-z][a-z0-9_]*)`");

  /**
   * Every figure of a row has exactly one column: a row whose every figure holds a value of its own
   * (never its absent one) is written, and each column alone, read into an empty builder, must set
   * exactly one figure to its value; together the columns set them all. The figures are found by
   * reflection here only, so a component added to a part of the row without its column fails.
   */
  @Test
  void everyFigureOfARowHasExactlyOneColumn() throws ReflectiveOperationException {
    RequestRow full = distinctRow();
    List<String> fields = RequestsCsv.split(RequestsCsv.row(full));
    Map<String, Object> absent = figures(RequestRow.builder().build());
    Map<String, Object> expected = figures(full);
    Map<String, List<String>> columnsByFigure = new TreeMap<>();
    for (RequestColumn column : RequestColumn.values()) {
      RequestRow.Builder one = RequestRow.builder();
      column.read(fields.get(column.ordinal()), one);
      Map<String, Object> read = figures(one.build());
      List<String> set = new ArrayList<>();
      for (String figure : read.keySet()) {
        if (!Objects.deepEquals(read.get(figure), absent.get(figure))) {
          set.add(figure);
          assertTrue(
              Objects.deepEquals(expected.get(figure), read.get(figure)),
              column.header() + " reads " + figure + " back wrong");
        }
      }
      assertEquals(1, set.size(), column.header() + " sets " + set);
      columnsByFigure.computeIfAbsent(set.get(0), k -> new ArrayList<>()).add(column.header());
    }
    List<String> problems = new ArrayList<>();
    for (String figure : expected.keySet()) {
      List<String> columns = columnsByFigure.getOrDefault(figure, List.of());
      if (columns.size() != 1) {
        problems.add(figure + " has columns " + columns);
      }
    }
    assertEquals(List.of(), problems);
  }

  /** Every figure of every part of a row by name (part.figure), as the row holds it. */
  private static Map<String, Object> figures(RequestRow row) throws ReflectiveOperationException {
    Map<String, Object> figures = new TreeMap<>();
    for (RecordComponent part : RequestRow.class.getRecordComponents()) {
      Object value = part.getAccessor().invoke(row);
      for (RecordComponent figure : part.getType().getRecordComponents()) {
        figures.put(part.getName() + "." + figure.getName(), figure.getAccessor().invoke(value));
      }
    }
    return figures;
  }

  /** A row whose every figure holds a value of its own, by type, that no absent figure has. */
  private static RequestRow distinctRow() throws ReflectiveOperationException {
    RecordComponent[] partComponents = RequestRow.class.getRecordComponents();
    Object[] parts = new Object[partComponents.length];
    int seed = 1000;
    for (int p = 0; p < parts.length; p++) {
      RecordComponent[] components = partComponents[p].getType().getRecordComponents();
      Object[] values = new Object[components.length];
      Class<?>[] types = new Class<?>[components.length];
      for (int i = 0; i < components.length; i++) {
        types[i] = components[i].getType();
        values[i] = distinctValue(types[i], seed++);
      }
      parts[p] = partComponents[p].getType().getDeclaredConstructor(types).newInstance(values);
    }
    Class<?>[] partTypes =
        Arrays.stream(partComponents).map(RecordComponent::getType).toArray(Class<?>[]::new);
    return RequestRow.class.getDeclaredConstructor(partTypes).newInstance(parts);
  }

  private static Object distinctValue(Class<?> type, int seed) {
    if (type == long.class) {
      return (long) seed;
    }
    if (type == int.class) {
      return seed;
    }
    if (type == boolean.class) {
      return true;
    }
    if (type == String.class) {
      return "v" + seed;
    }
    if (type == long[].class) {
      return new long[] {seed, seed + 1};
    }
    if (type == TokenCountSource.class) {
      return TokenCountSource.SERVER_USAGE;
    }
    if (type.isEnum()) {
      // The last constant: every enum figure's absent value is its first (e.g. NOT_JUDGED).
      Object[] constants = type.getEnumConstants();
      return constants[constants.length - 1];
    }
    throw new IllegalStateException("a row figure of a new type: " + type);
  }

  /**
   * metrics.md's table of the file defines every column, and only columns the file has: a figure
   * added with its column and no definition fails here.
   */
  @Test
  void metricsMdDefinesEveryColumnAndNoOther() throws IOException {
    String metrics = Files.readString(Path.of("docs", "metrics.md"));
    int start = metrics.indexOf("## requests.csv: one row per request");
    assertTrue(start >= 0, "metrics.md has no requests.csv section");
    int end = metrics.indexOf("\n## ", start + 1);
    Set<String> documented = new TreeSet<>();
    for (String line : metrics.substring(start, end < 0 ? metrics.length() : end).split("\n")) {
      if (line.startsWith("| `")) {
        Matcher name = COLUMN_NAME.matcher(line.substring(0, line.indexOf('|', 1)));
        while (name.find()) {
          documented.add(name.group(1));
        }
      }
    }
    Set<String> headers =
        Arrays.stream(RequestColumn.values())
            .map(RequestColumn::header)
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(headers, documented);
  }

  @Test
  void headersAreUnique() {
    Map<String, Long> byHeader =
        Arrays.stream(RequestColumn.values())
            .collect(Collectors.groupingBy(RequestColumn::header, Collectors.counting()));
    assertEquals(
        Map.of(),
        byHeader.entrySet().stream()
            .filter(e -> e.getValue() > 1)
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
  }
}
