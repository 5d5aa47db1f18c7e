package dev.gatlingllm.packaging;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The gatling-maven-plugin forks Gatling with {@code -XX:+HeapDumpOnOutOfMemoryError} (its default
 * JVM arguments, kept when {@code <jvmArgs>} adds others): without a path, a dump of the whole heap
 * (the API key in it) would land in the project root, where git would offer to commit it.
 */
class HeapDumpPlacementTest {
  @Test
  void gatlingsHeapDumpsGoUnderTargetAndGitIgnoresThem() throws Exception {
    String pom = Files.readString(Path.of("pom.xml"));
    String plugin = pom.substring(pom.indexOf("<artifactId>gatling-maven-plugin</artifactId>"));
    String jvmArgs = plugin.substring(plugin.indexOf("<jvmArgs>"), plugin.indexOf("</jvmArgs>"));
    assertTrue(
        jvmArgs.contains("<jvmArg>-XX:HeapDumpPath=${project.build.directory}</jvmArg>"), jvmArgs);
    List<String> ignored = Files.readAllLines(Path.of(".gitignore"));
    assertTrue(ignored.contains("*.hprof"), ignored.toString());
  }
}
