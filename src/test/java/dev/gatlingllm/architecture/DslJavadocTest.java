package dev.gatlingllm.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every public method of the DSL says, in its Javadoc, what each parameter is (an EL string, a
 * function of the session or a constant) and what it returns, as Gatling documents its own DSL.
 */
class DslJavadocTest {
  private static final Path DSL = Path.of("src/main/java/dev/gatlingllm/dsl");
  private static final Pattern PUBLIC_METHOD =
      Pattern.compile(
          "^\\s+public (?:static )?(?!final class|class|record|interface|enum)([\\w<>\\[\\], ?]+) (\\w+)\\((.*)$");

  @Test
  void everyPublicDslMethodDocumentsItsParametersAndResult() throws IOException {
    List<String> missing = new ArrayList<>();
    int methods = 0;
    try (Stream<Path> files = Files.list(DSL)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
          Matcher method = PUBLIC_METHOD.matcher(lines.get(i));
          if (!method.matches()) {
            continue;
          }
          methods++;
          String where = file.getFileName() + ":" + (i + 1) + " " + method.group(2);
          String doc = javadocAbove(lines, i);
          if (doc == null) {
            missing.add(where + ": no Javadoc");
            continue;
          }
          if (!method.group(1).equals("void") && !doc.contains("@return")) {
            missing.add(where + ": no @return");
          }
          for (String parameter : parameterNames(lines, i, method.group(3))) {
            if (!doc.contains("@param " + parameter + " ")) {
              missing.add(where + ": no @param " + parameter);
            }
          }
        }
      }
    }
    assertTrue(methods > 60, "the scan finds the DSL's methods: " + methods);
    assertEquals(List.of(), missing);
  }

  /** The Javadoc block right above line {@code index}, annotations skipped, or null. */
  private static String javadocAbove(List<String> lines, int index) {
    int end = index - 1;
    while (end >= 0 && lines.get(end).strip().startsWith("@")) {
      end--;
    }
    if (end < 0 || !lines.get(end).strip().endsWith("*/")) {
      return null;
    }
    int start = end;
    while (start >= 0 && !lines.get(start).strip().startsWith("/**")) {
      start--;
    }
    return start < 0 ? null : String.join("\n", lines.subList(start, end + 1));
  }

  private static List<String> parameterNames(List<String> lines, int index, String rest) {
    StringBuilder signature = new StringBuilder(rest);
    for (int i = index + 1; signature.indexOf(")") < 0 && i < lines.size(); i++) {
      signature.append(' ').append(lines.get(i).strip());
    }
    String parameters = signature.substring(0, signature.indexOf(")"));
    // Generic type arguments hold commas: drop them before splitting.
    String plain = parameters.replaceAll("<[^<>]*(<[^<>]*>[^<>]*)*>", "");
    List<String> names = new ArrayList<>();
    for (String parameter : plain.split(",")) {
      String[] words = parameter.strip().split("\\s+");
      if (words.length >= 2) {
        names.add(words[words.length - 1]);
      }
    }
    return names;
  }
}
