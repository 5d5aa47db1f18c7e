package dev.gatlingllm.report.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RowFigure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The column table covers the row: every figure of {@code RequestRow} has exactly one column, in a
 * format that fits its type, defined in docs/metrics.md, so a figure added to a part without its
 * column or its definition fails here.
 */
class RequestColumnTest {

  /** A column's name in the table's first cell: lower case, digits and underscores. */
  private static final Pattern COLUMN_NAME = Pattern.compile("`([a-z][a-z0-9_]*)`");

  private static final Map<Class<?>, Set<RequestColumn.Format>> FORMATS_BY_TYPE =
      Map.of(
          long.class,
          EnumSet.of(RequestColumn.Format.NUMBER, RequestColumn.Format.MILLIS),
          int.class,
          EnumSet.of(RequestColumn.Format.NUMBER),
          boolean.class,
          EnumSet.of(RequestColumn.Format.FLAG, RequestColumn.Format.STATUS),
          String.class,
          EnumSet.of(RequestColumn.Format.TEXT, RequestColumn.Format.REQUEST_ID),
          long[].class,
          EnumSet.of(RequestColumn.Format.WINDOW_TOKENS));

  @Test
  void everyFigureOfARowHasExactlyOneColumn() {
    Map<RowFigure, List<RequestColumn>> columnsByFigure =
        Arrays.stream(RequestColumn.values()).collect(Collectors.groupingBy(RequestColumn::figure));
    List<String> problems = new ArrayList<>();
    for (RowFigure figure : RowFigure.all()) {
      int columns = columnsByFigure.getOrDefault(figure, List.of()).size();
      if (columns != 1) {
        problems.add(figure.name() + " has " + columns + " columns");
      }
    }
    assertEquals(List.of(), problems);
    assertEquals(RowFigure.all().size(), RequestColumn.values().length);
  }

  @Test
  void everyColumnWritesItsFigureInAFormatOfItsType() {
    for (RequestColumn column : RequestColumn.values()) {
      Class<?> type = column.figure().type();
      Set<RequestColumn.Format> fitting =
          type.isEnum() ? EnumSet.of(RequestColumn.Format.SOURCE) : FORMATS_BY_TYPE.get(type);
      assertTrue(
          fitting != null && fitting.contains(column.format()),
          column.header() + ": " + column.format() + " does not fit a " + type.getSimpleName());
    }
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
