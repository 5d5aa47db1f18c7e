package dev.gatlingllm.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import io.gatling.javaapi.core.Simulation;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java block of README.md and docs/*.md compiles, in the frame the comment before it names
 * ({@link JavaBlock}), against the project's classes and dependencies and not its tests, and calls
 * nothing deprecated; each block that is a whole simulation runs for a few seconds against a
 * simulated LLM server, with the properties its comment gives, and Gatling's assertions in it pass.
 * A page whose example drifts from the code (a call or property renamed) fails here.
 */
class DocExamplesTest {
  /** What a block's run checks beyond its own assertions, by the heading above it. */
  private static final Map<String, Consumer<Path>> RUN_CHECKS =
      Map.of(
          "Beside your HTTP scenarios",
          results ->
              assertEquals(
                  6,
                  summary(results, "completed"),
                  "the LLM report counts the 3 users x 2 chats, no request of the HTTP scenario"));

  @TempDir Path dir;

  @Test
  void everyJavaBlockOfTheDocsCompilesInItsFrameAndEachSimulationRuns() throws Exception {
    List<JavaBlock> blocks = blocks();
    assertTrue(
        blocks.stream().anyMatch(b -> b.page().equals(Path.of("README.md")) && b.runs()),
        "the README's simulation is among them");
    Path classes = Files.createDirectories(dir.resolve("classes"));
    compile(blocks, classes);
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      for (JavaBlock block : blocks) {
        if (block.runs()) {
          run(block, loader.loadClass(block.className()).asSubclass(Simulation.class));
        }
      }
    }
  }

  /** A call that does not exist fails the test, which names the page and line of the call. */
  @Test
  void aBlockThatDriftsFromTheCodeFailsNamingItsPageAndLine() {
    JavaBlock drifted =
        new JavaBlock(
            Path.of("docs", "x.md"),
            40,
            "X",
            "statements",
            Map.of(),
            "import dev.gatlingllm.values.ChatMessage;\n\n"
                + "ActionBuilder a = chat(\"chat\").user(\"hi\").maxTokenz(8);\n");
    AssertionError failure =
        org.junit.jupiter.api.Assertions.assertThrows(
            AssertionError.class, () -> compile(List.of(drifted), dir));
    assertTrue(
        failure.getMessage().contains("docs/x.md:42 (X): cannot find symbol"),
        failure.getMessage());
  }

  private static List<JavaBlock> blocks() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
    try (Stream<Path> docs = Files.list(Path.of("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    List<JavaBlock> blocks = new ArrayList<>();
    for (Path page : pages) {
      blocks.addAll(JavaBlock.of(page));
    }
    return blocks;
  }

  /** Compiles every block at once, into {@code classes}; fails with each error at its page line. */
  private static void compile(List<JavaBlock> blocks, Path classes) {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Map<URI, JavaBlock> bySource = new LinkedHashMap<>();
    List<JavaFileObject> sources = new ArrayList<>();
    for (JavaBlock block : blocks) {
      JavaFileObject source = new BlockSource(block);
      bySource.put(source.toUri(), block);
      sources.add(source);
    }
    boolean compiled =
        compiler
            .getTask(
                null,
                null,
                diagnostics,
                List.of(
                    "-classpath",
                    projectClasspath(),
                    "-d",
                    classes.toString(),
                    "-proc:none",
                    "-Xlint:deprecation",
                    "--release",
                    "17"),
                null,
                sources)
            .call();
    Set<String> errors = new java.util.LinkedHashSet<>(); // javac may say one twice
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      // A page shows the API as it is: a deprecated call fails it as an error does.
      boolean deprecated = d.getCode() != null && d.getCode().contains("deprecated");
      if (d.getSource() != null && (d.getKind() == Diagnostic.Kind.ERROR || deprecated)) {
        JavaBlock block = bySource.get(d.getSource().toUri());
        long line = block.line() + d.getLineNumber() - 1 - block.headerLines();
        errors.add(
            block.page()
                + ":"
                + line
                + " ("
                + block.heading()
                + "): "
                + d.getMessage(Locale.ROOT).replaceAll("\\s*\n\\s*", "; "));
      }
    }
    if (!compiled || !errors.isEmpty()) {
      throw new AssertionError(
          "Java blocks of the docs that do not compile:\n" + String.join("\n", errors));
    }
  }

  /** The test classpath without the tests' own classes: a page may use only what users get. */
  private static String projectClasspath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> !Path.of(entry).endsWith(Path.of("target", "test-classes")))
        .collect(Collectors.joining(File.pathSeparator));
  }

  private void run(JavaBlock block, Class<? extends Simulation> simulation) throws Exception {
    Set<String> unnamed = new TreeSet<>(block.propertiesRead());
    unnamed.removeAll(block.run().keySet());
    assertEquals(
        Set.of(), unnamed, block.where() + ": properties the code reads and its run does not give");
    Path results = Files.createDirectories(dir.resolve(block.className()));
    InProcessGatling.Run run;
    try (LlmSimulator server =
        LlmSimulator.builder().host("127.0.0.1").port(0).timing("ttft=5;itl=1").build().start()) {
      Map<String, String> properties = new LinkedHashMap<>();
      block
          .run()
          .forEach(
              (name, value) ->
                  properties.put(name, value.replace("${simulator}", server.baseUri().toString())));
      DocExampleSimulation.next = simulation;
      run = InProcessGatling.run(DocExampleSimulation.class, results, properties);
    }
    assertEquals(0, run.exitCode(), block.where() + ": its assertions pass\n" + run.tail());
    RUN_CHECKS.getOrDefault(block.heading(), r -> {}).accept(results);
  }

  private static int summary(Path results, String field) {
    try {
      return InProcessGatling.summary(results).path(field).asInt(-1);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** A block's source, in memory, named after its class as javac requires of a public class. */
  private static final class BlockSource extends SimpleJavaFileObject {
    private final String source;

    BlockSource(JavaBlock block) {
      super(URI.create("string:///" + block.className() + Kind.SOURCE.extension), Kind.SOURCE);
      this.source = block.source();
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return source;
    }
  }
}
