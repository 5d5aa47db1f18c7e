package dev.gatlingllm.metrics.request;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The components of a record of figures, by name, with what each is when nothing set it: builds
 * such a record from values named as its components, so that code filling one figure by name (a CSV
 * reader, a test) needs no change when a figure is added.
 *
 * <p>A figure nothing set is absent: -1 for a number unless its component says otherwise ({@link
 * AbsentAs}), false, null for a text, an empty array, {@link TokenCountSource#UNKNOWN}.
 *
 * @param <R> the record type
 */
final class RecordShape<R extends Record> {
  private final Class<R> type;

  /** The canonical constructor, of type (Object[])Object: values in component order. */
  private final MethodHandle constructor;

  private final Map<String, Figure> figures = new LinkedHashMap<>();

  /**
   * One component: its place, its type (and the class of its values once boxed), its accessor (a
   * method handle of type (Record)Object, which reads without the argument array of a reflective
   * call, and the same of the component's own type) and its absent value.
   */
  record Figure(
      String name,
      int index,
      Class<?> type,
      Class<?> boxedType,
      MethodHandle accessor,
      MethodHandle typedAccessor,
      Object absent) {
    Object of(Record record) {
      try {
        return (Object) accessor.invokeExact(record);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException("cannot read " + name, e);
      }
    }

    /** The value converted to this figure's type when it is another kind of whole number. */
    Object coerce(Object value) {
      if (value instanceof Number number && !(value instanceof Double)) {
        if (type == long.class) {
          return number.longValue();
        }
        if (type == int.class) {
          return Math.toIntExact(number.longValue());
        }
      }
      if (value == null ? type.isPrimitive() : !boxedType.isInstance(value)) {
        throw new IllegalArgumentException(
            name + " is a " + type.getSimpleName() + ", not " + value);
      }
      return value;
    }
  }

  private RecordShape(Class<R> type) {
    this.type = type;
    RecordComponent[] components = type.getRecordComponents();
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      RecordComponent component = components[i];
      types[i] = component.getType();
      figures.put(
          component.getName(),
          new Figure(
              component.getName(),
              i,
              component.getType(),
              MethodType.methodType(component.getType()).wrap().returnType(),
              accessor(component.getAccessor(), Record.class),
              typedAccessor(component.getAccessor()),
              absentValue(component)));
    }
    try {
      constructor =
          MethodHandles.publicLookup()
              .unreflectConstructor(type.getDeclaredConstructor(types))
              .asSpreader(Object[].class, types.length)
              .asType(MethodType.methodType(Object.class, Object[].class));
    } catch (NoSuchMethodException | IllegalAccessException e) {
      throw new IllegalStateException(type + " has no public canonical constructor", e);
    }
  }

  /** The shape of a record type. */
  static <R extends Record> RecordShape<R> of(Class<R> type) {
    return new RecordShape<>(type);
  }

  /** A builder with every figure absent. */
  Builder<R> builder() {
    return new Builder<>(this);
  }

  /** A builder holding every figure of {@code record}, to change a few of them. */
  Builder<R> builder(R record) {
    Builder<R> builder = builder();
    for (Figure figure : figures.values()) {
      builder.values[figure.index()] = figure.of(record);
    }
    return builder;
  }

  List<Figure> figures() {
    return List.copyOf(figures.values());
  }

  Figure figure(String name) {
    Figure figure = figures.get(name);
    if (figure == null) {
      throw new IllegalArgumentException(type.getSimpleName() + " has no figure " + name);
    }
    return figure;
  }

  /** Every figure's absent value, in component order (a fresh array). */
  Object[] absentValues() {
    Object[] values = new Object[figures.size()];
    for (Figure figure : figures.values()) {
      values[figure.index()] =
          figure.absent() instanceof long[] array ? array.clone() : figure.absent();
    }
    return values;
  }

  /** The record of these values, in component order (spread into its constructor, not kept). */
  R make(Object[] values) {
    try {
      return type.cast((Object) constructor.invokeExact(values));
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("cannot build " + type, e);
    }
  }

  /**
   * Gathers a record figure by figure, by name.
   *
   * @param <R> the record type
   */
  static final class Builder<R extends Record> {
    private final RecordShape<R> shape;
    private final Object[] values;

    private Builder(RecordShape<R> shape) {
      this.shape = shape;
      this.values = shape.absentValues();
    }

    /** Sets the figure of that name; a whole number is converted to the figure's type. */
    Builder<R> set(String figure, Object value) {
      Figure target = shape.figure(figure);
      values[target.index()] = target.coerce(value);
      return this;
    }

    R build() {
      return shape.make(values);
    }
  }

  /** A record accessor as a handle of its own type (e.g. (Timing)long). */
  static MethodHandle typedAccessor(Method method) {
    try {
      return MethodHandles.publicLookup().unreflect(method);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot read " + method, e);
    }
  }

  /** A record accessor as a handle of type (from)Object. */
  static MethodHandle accessor(Method method, Class<?> from) {
    try {
      return MethodHandles.publicLookup()
          .unreflect(method)
          .asType(MethodType.methodType(Object.class, from));
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot read " + method, e);
    }
  }

  private static Object absentValue(RecordComponent component) {
    Class<?> type = component.getType();
    AbsentAs absentAs = component.getAnnotation(AbsentAs.class);
    long number = absentAs == null ? -1 : absentAs.value();
    if (type == long.class) {
      return number;
    }
    if (type == int.class) {
      return (int) number;
    }
    if (type == boolean.class) {
      return false;
    }
    if (type == long[].class) {
      return new long[0];
    }
    if (type == TokenCountSource.class) {
      return TokenCountSource.UNKNOWN;
    }
    if (type == String.class) {
      return null;
    }
    throw new IllegalStateException(
        "no absent value for " + component.getName() + " of type " + type.getName());
  }
}
