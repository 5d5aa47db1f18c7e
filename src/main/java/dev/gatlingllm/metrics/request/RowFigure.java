package dev.gatlingllm.metrics.request;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One figure of a {@link RequestRow}, named as the component of the part that holds it (e.g. {@code
 * ttftMicros} of {@link RequestRow.Latencies}). The CSV's column table and {@link
 * RequestRow.Builder} go by these names, so a figure added to a part is read, written and built by
 * name with no code of its own beyond its column.
 *
 * <p>Names are unique across the parts: two parts may not name a figure alike.
 */
public final class RowFigure {
  private static final List<Part> PARTS = parts();
  private static final Map<String, RowFigure> BY_NAME = byName();

  private final int part;
  private final RecordShape.Figure figure;

  /** The row's part, then the figure in it: one handle of type (RequestRow)Object. */
  private final MethodHandle ofRow;

  /** The same, of type (RequestRow)long, for a whole number (no boxing); null for other types. */
  private final MethodHandle wholeOfRow;

  private RowFigure(int part, RecordShape.Figure figure) {
    this.part = part;
    this.figure = figure;
    this.ofRow =
        MethodHandles.filterReturnValue(
            PARTS.get(part).accessor(),
            figure.accessor().asType(MethodType.methodType(Object.class, Object.class)));
    this.wholeOfRow =
        figure.type() == long.class || figure.type() == int.class
            ? MethodHandles.filterReturnValue(
                PARTS.get(part).accessor(),
                figure.typedAccessor().asType(MethodType.methodType(long.class, Object.class)))
            : null;
  }

  /** The figure of that name; an unknown name is a programming error. */
  public static RowFigure named(String name) {
    RowFigure figure = BY_NAME.get(name);
    if (figure == null) {
      throw new IllegalArgumentException("RequestRow has no figure " + name);
    }
    return figure;
  }

  /** Every figure of a row, part by part in the row's order. */
  public static List<RowFigure> all() {
    return List.copyOf(BY_NAME.values());
  }

  public String name() {
    return figure.name();
  }

  /** The component's type (primitives as such: {@code long.class}). */
  public Class<?> type() {
    return figure.type();
  }

  /**
   * What the figure is when nothing set it: -1 for a number unless its component says otherwise
   * ({@link AbsentAs}), false, null for a text, an empty array, {@link TokenCountSource#UNKNOWN}.
   */
  public Object absent() {
    return figure.absent();
  }

  /** The figure's value in a row (boxed). */
  public Object of(RequestRow row) {
    try {
      return (Object) ofRow.invokeExact(row);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("cannot read " + name(), e);
    }
  }

  /** True for a whole number (long or int), which {@link #wholeOf} reads without boxing. */
  public boolean isWhole() {
    return wholeOfRow != null;
  }

  /** The figure's value in a row, for a whole number ({@link #isWhole}). */
  public long wholeOf(RequestRow row) {
    if (wholeOfRow == null) {
      throw new IllegalStateException(name() + " is not a whole number");
    }
    try {
      return (long) wholeOfRow.invokeExact(row);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("cannot read " + name(), e);
    }
  }

  @Override
  public String toString() {
    return name();
  }

  /** A fresh array of every figure's absent value, part by part. */
  static Object[][] absentValues() {
    Object[][] values = new Object[PARTS.size()][];
    for (int p = 0; p < values.length; p++) {
      values[p] = PARTS.get(p).shape().absentValues();
    }
    return values;
  }

  /** Stores a value for this figure, converted to its type when it is another whole number. */
  void store(Object[][] valuesByPart, Object value) {
    valuesByPart[part][figure.index()] = figure.coerce(value);
  }

  /** Builds a row from one value per figure, part by part. */
  static RequestRow assemble(Object[][] valuesByPart) {
    List<Part> parts = PARTS;
    return new RequestRow(
        (RequestRow.Placement) parts.get(0).shape().make(valuesByPart[0]),
        (RequestRow.Outcome) parts.get(1).shape().make(valuesByPart[1]),
        (RequestRow.Latencies) parts.get(2).shape().make(valuesByPart[2]),
        (TokenCounts) parts.get(3).shape().make(valuesByPart[3]),
        (ServerFigures) parts.get(4).shape().make(valuesByPart[4]));
  }

  /** A part of the row: its shape and the row's accessor of it, of type (RequestRow)Object. */
  private record Part(RecordShape<?> shape, MethodHandle accessor) {}

  private static List<Part> parts() {
    List<Part> parts = new ArrayList<>();
    for (RecordComponent rowPart : RequestRow.class.getRecordComponents()) {
      parts.add(
          new Part(
              RecordShape.of(rowPart.getType().asSubclass(Record.class)),
              RecordShape.accessor(rowPart.getAccessor(), RequestRow.class)));
    }
    return Collections.unmodifiableList(parts);
  }

  private static Map<String, RowFigure> byName() {
    Map<String, RowFigure> figures = new LinkedHashMap<>();
    for (int p = 0; p < PARTS.size(); p++) {
      for (RecordShape.Figure figure : PARTS.get(p).shape().figures()) {
        if (figures.put(figure.name(), new RowFigure(p, figure)) != null) {
          throw new IllegalStateException("two parts of RequestRow name a figure " + figure.name());
        }
      }
    }
    return Collections.unmodifiableMap(figures);
  }
}
