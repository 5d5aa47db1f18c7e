package dev.gatlingllm.check;

import com.fasterxml.jackson.core.JsonPointer;

/**
 * The definite subset of JSONPath a check on one answer needs, compiled to Jackson's {@link
 * JsonPointer} (RFC 6901): {@code $}, then any of {@code .name}, {@code ['name']} / {@code
 * ["name"]} and {@code [index]}, e.g. {@code $.choices[0].name}, {@code $['first name']}. A path
 * that could select several values (wildcards, {@code ..}, filters, slices) is refused when the
 * check is built: a check compares one value.
 */
final class JsonPaths {
  private JsonPaths() {}

  static JsonPointer compile(String path) {
    if (path == null || !path.startsWith("$")) {
      throw new IllegalArgumentException("a JSONPath starts with $, was " + path);
    }
    JsonPointer pointer = JsonPointer.empty();
    int i = 1;
    while (i < path.length()) {
      char c = path.charAt(i);
      if (c == '.') {
        int end = i + 1;
        while (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
          end++;
        }
        String name = path.substring(i + 1, end);
        if (name.isEmpty() || name.equals("*")) {
          throw unsupported(path);
        }
        pointer = pointer.appendProperty(name);
        i = end;
      } else if (c == '[') {
        int close = path.indexOf(']', i);
        if (close < 0) {
          throw unsupported(path);
        }
        String inside = path.substring(i + 1, close).trim();
        if (inside.length() >= 2
            && (inside.charAt(0) == '\'' || inside.charAt(0) == '"')
            && inside.charAt(inside.length() - 1) == inside.charAt(0)) {
          pointer = pointer.appendProperty(inside.substring(1, inside.length() - 1));
        } else if (inside.matches("\\d{1,9}")) {
          pointer = pointer.appendIndex(Integer.parseInt(inside));
        } else {
          throw unsupported(path);
        }
        i = close + 1;
      } else {
        throw unsupported(path);
      }
    }
    return pointer;
  }

  private static IllegalArgumentException unsupported(String path) {
    return new IllegalArgumentException(
        "JSONPath " + path + " is not a path to one value: use $, .name, ['name'] and [index]");
  }
}
