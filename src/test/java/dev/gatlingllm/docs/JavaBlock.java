package dev.gatlingllm.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code ```java} block of a Markdown page and the frame it is compiled in, which the HTML
 * comment on the line before it names (invisible on the rendered page):
 *
 * <ul>
 *   <li>{@code <!-- java: imports -->}: import lines only;
 *   <li>{@code <!-- java: statements -->}: statements of a method body;
 *   <li>{@code <!-- java: members -->}: the body of a {@code Simulation} class (fields, an
 *       initializer calling {@code setUp});
 *   <li>{@code <!-- java: simulation -->}: a whole source file, one public {@code Simulation}.
 * </ul>
 *
 * A fragment's own import lines go to the head of its file, after the imports every fragment gets
 * ({@link #FRAGMENT_IMPORTS}). A block that calls {@code setUp} is run; {@code ; run: a=1 b=2}
 * after the frame gives the system properties of its run, {@code ${simulator}} standing for the
 * address of a simulated LLM server started for it.
 *
 * @param page the page, relative to the project's root
 * @param line the page's line of the block's first line of code, from 1
 * @param heading the nearest heading above the block, without its {@code #}s
 * @param frame {@code imports}, {@code statements}, {@code members} or {@code simulation}
 * @param run the system properties of its run, in the comment's order
 * @param code the block's text
 */
record JavaBlock(
    Path page, int line, String heading, String frame, Map<String, String> run, String code) {
  /** What a fragment is compiled with: the DSL's "One import" and the JDK types examples use. */
  static final List<String> FRAGMENT_IMPORTS =
      List.of(
          "import static dev.gatlingllm.dsl.LlmDsl.*;",
          "import static io.gatling.javaapi.core.CoreDsl.*;",
          "import static io.gatling.javaapi.http.HttpDsl.*;",
          "import io.gatling.javaapi.core.*;",
          "import io.gatling.javaapi.http.*;",
          "import java.time.Duration;",
          "import java.util.*;");

  static final Set<String> FRAMES = Set.of("imports", "statements", "members", "simulation");

  private static final Pattern MARK = Pattern.compile("<!-- java: (\\w+)(?:; run: ([^>]*?))? -->");
  private static final Pattern PROPERTY_READ =
      Pattern.compile(
          "(?:System\\.getProperty|Integer\\.getInteger|Long\\.getLong|Boolean\\.getBoolean)"
              + "\\(\"([^\"]+)\"");
  private static final Pattern PUBLIC_CLASS = Pattern.compile("public class (\\w+)");

  /**
   * The page's Java blocks, in order.
   *
   * @throws IllegalStateException for a block whose line before it names no frame
   */
  static List<JavaBlock> of(Path page) throws IOException {
    List<String> lines = Files.readAllLines(page);
    List<JavaBlock> blocks = new ArrayList<>();
    String heading = "";
    for (int i = 0; i < lines.size(); i++) {
      String text = lines.get(i);
      if (text.startsWith("#")) {
        heading = text.replaceFirst("^#+ *", "");
      }
      if (!text.strip().equals("```java")) {
        continue;
      }
      Matcher mark = i > 0 ? MARK.matcher(lines.get(i - 1).strip()) : null;
      if (mark == null || !mark.matches() || !FRAMES.contains(mark.group(1))) {
        throw new IllegalStateException(
            page
                + ":"
                + (i + 1)
                + ": a Java block without its frame on the line before, one of "
                + new TreeSet<>(FRAMES)
                + " (<!-- java: statements -->)");
      }
      int end = i + 1;
      while (!lines.get(end).strip().equals("```")) {
        end++;
      }
      blocks.add(
          new JavaBlock(
              page,
              i + 2,
              heading,
              mark.group(1),
              properties(mark.group(2)),
              String.join("\n", lines.subList(i + 1, end)) + "\n"));
      i = end;
    }
    return blocks;
  }

  private static Map<String, String> properties(String run) {
    Map<String, String> properties = new LinkedHashMap<>();
    if (run != null) {
      for (String pair : run.strip().split(" +")) {
        int equals = pair.indexOf('=');
        properties.put(pair.substring(0, equals), pair.substring(equals + 1));
      }
    }
    return properties;
  }

  /** True for a whole simulation: it calls {@code setUp}, and a test runs it. */
  boolean runs() {
    return code.contains("setUp(");
  }

  /** The system properties the code reads by name, in order. */
  Set<String> propertiesRead() {
    Set<String> read = new TreeSet<>();
    Matcher matcher = PROPERTY_READ.matcher(code);
    while (matcher.find()) {
      read.add(matcher.group(1));
    }
    return read;
  }

  /** The name of the class the block is compiled as. */
  String className() {
    if (frame.equals("simulation")) {
      Matcher matcher = PUBLIC_CLASS.matcher(code);
      if (!matcher.find()) {
        throw new IllegalStateException(where() + ": a simulation block without a public class");
      }
      return matcher.group(1);
    }
    String name = page.getFileName().toString().replaceAll("\\W", "_");
    return "Example_" + name + "_" + line;
  }

  /** Where the block is, for a message: {@code docs/dsl.md:42 (Embeddings and rerank)}. */
  String where() {
    return page + ":" + line + " (" + heading + ")";
  }

  /**
   * The source file the block is compiled as. Its code keeps its lines' order, after {@link
   * #headerLines()} lines, so that a compiler's line maps back to the page.
   */
  String source() {
    if (frame.equals("simulation")) {
      return code;
    }
    List<String> imports = new ArrayList<>(FRAGMENT_IMPORTS);
    StringBuilder body = new StringBuilder();
    for (String text : code.split("\n", -1)) {
      boolean anImport = text.startsWith("import ");
      if (anImport) {
        imports.add(text);
      }
      // an import line stays a blank line, keeping every line where it is
      body.append(anImport ? "" : text).append('\n');
    }
    String open =
        switch (frame) {
          case "imports" -> "final class " + className() + " {";
          case "statements" ->
              "final class " + className() + " { void example() throws Exception {";
          default -> "public class " + className() + " extends Simulation {";
        };
    String close = frame.equals("statements") ? "}}" : "}";
    return String.join("\n", imports) + "\n" + open + "\n" + body + close + "\n";
  }

  /** How many lines of the source come before the block's first line. */
  int headerLines() {
    return frame.equals("simulation") ? 0 : FRAGMENT_IMPORTS.size() + countImports() + 1;
  }

  private int countImports() {
    return (int) code.lines().filter(text -> text.startsWith("import ")).count();
  }
}
