package dev.gatlingllm.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatling.javaapi.core.CoreDsl;
import io.gatling.javaapi.http.HttpDsl;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A simulation that imports Gatling's DSLs and this project's one entry class with {@code .*}, as
 * users write them, compiles: no static method of ours has a name and parameters of one of
 * Gatling's (as {@code jsonPath(String)} once had).
 */
class DslImportsCompileTest {
  @TempDir Path dir;

  @Test
  void gatlingsAndTheProjectsWildcardImportsCompileTogether() throws IOException {
    Path source = dir.resolve("ImportsSimulation.java");
    Files.writeString(
        source,
        String.join(
            "\n",
            "import static io.gatling.javaapi.core.CoreDsl.*;",
            "import static io.gatling.javaapi.http.HttpDsl.*;",
            "import static dev.gatlingllm.dsl.LlmDsl.*;",
            "import io.gatling.javaapi.core.*;",
            "public class ImportsSimulation extends Simulation {",
            "  {",
            "    setUp(scenario(\"s\")",
            "        .exec(startLevel(0))",
            "        .exec(chat(\"chat\").messages(\"#{messages}\").check(answerJsonPath(\"$.name\").is(\"x\"),",
            "            answerRegex(\"(\\\\w+)\").saveAs(\"w\"), outputTokensAtLeast(1), ttftAtMost(java.time.Duration.ofMillis(500))))",
            "        .exec(http(\"plain\").get(\"/\").check(jsonPath(\"$.id\").exists(), regex(\"id\").exists()))",
            "        .injectOpen(atOnceUsers(1))",
            "        .andThen(llmChecks(java.util.List.of(outputThroughputAtLeast(1), ttftP99AtMost(java.time.Duration.ofMillis(500))))))",
            "        .protocols(http.baseUrl(\"http://127.0.0.1:9\"),",
            "            llm().capacityTarget(ttftPercentileAtMost(99, java.time.Duration.ofMillis(500))))",
            "        .assertions(llmChecksPassed(), details(\"chat\").failedRequests().count().is(0L));",
            "  }",
            "}"));
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    assertNotNull(compiler, "a JDK's compiler");
    StringWriter errors = new StringWriter();
    boolean compiled =
        compiler
            .getTask(
                errors,
                null,
                null,
                List.of(
                    "-classpath",
                    System.getProperty("java.class.path"),
                    "-d",
                    dir.toString(),
                    "-proc:none"),
                null,
                compiler
                    .getStandardFileManager(null, null, null)
                    .getJavaFileObjects(source.toFile()))
            .call();
    assertEquals("", errors.toString());
    assertTrue(compiled);
  }

  /**
   * A name of ours that Gatling's DSLs also have would clash as soon as its parameters do too: none
   * is shared.
   */
  @Test
  void noStaticMethodOfTheEntryClassHasTheNameOfOneOfGatlings() {
    Set<String> gatlings = new TreeSet<>(staticMethodNames(CoreDsl.class));
    gatlings.addAll(staticMethodNames(HttpDsl.class));
    Set<String> shared = new TreeSet<>(staticMethodNames(LlmDsl.class));
    shared.retainAll(gatlings);
    assertEquals(Set.of(), shared);
  }

  private static Set<String> staticMethodNames(Class<?> dsl) {
    return Arrays.stream(dsl.getMethods())
        .filter(m -> Modifier.isStatic(m.getModifiers()))
        .map(Method::getName)
        .collect(Collectors.toSet());
  }
}
