package dev.gatlingllm.report.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RowFigure;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The column table covers the row: every figure of {@code RequestRow} has exactly one column, in a
 * format that fits its type, so a figure added to a part without a column fails here.
 */
class RequestColumnTest {

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
