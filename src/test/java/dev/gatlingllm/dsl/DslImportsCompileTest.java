package dev.gatlingllm.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A simulation that imports Gatling's DSLs and this project's with {@code .*}, as users write them, compiles: no
 * static method of ours has a name and parameters of one of Gatling's (as {@code jsonPath(String)} once had).
 */
class DslImportsCompileTest {
  @TempDir Path dir;

  @Test
  void gatlingsAndTheProjectsWildcardImportsCompileTogether() throws IOException {
    Path source = dir.resolve("ImportsSimulation.java");
    Files.writeString(source, String.join("\n",
        "import static io.gatling.javaapi.core.CoreDsl.*;",
        "import static io.gatling.javaapi.http.HttpDsl.*;",
        "import static dev.gatlingllm.dsl.LlmDsl.*;",
        "import static dev.gatlingllm.dsl.AnswerChecks.*;",
        "import static dev.gatlingllm.dsl.LlmChecks.*;",
        "import io.gatling.javaapi.core.*;",
        "public class ImportsSimulation extends Simulation {",
        "  {",
        "    setUp(scenario(\"s\")",
        "        .exec(chat(\"chat\").messages(\"#{messages}\").check(answerJsonPath(\"$.name\").is(\"x\")))",
        "        .exec(http(\"plain\").get(\"/\").check(jsonPath(\"$.id\").exists()))",
        "        .injectOpen(atOnceUsers(1)))",
        "        .protocols(http.baseUrl(\"http://127.0.0.1:9\"), llm());",
        "  }",
        "}"));
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    assertNotNull(compiler, "a JDK's compiler");
    StringWriter errors = new StringWriter();
    boolean compiled = compiler.getTask(errors, null, null,
        List.of("-classpath", System.getProperty("java.class.path"), "-d", dir.toString(), "-proc:none"), null,
        compiler.getStandardFileManager(null, null, null).getJavaFileObjects(source.toFile())).call();
    assertEquals("", errors.toString());
    assertTrue(compiled);
  }
}
