package dev.gatlingllm.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A simulation compiled for Java 11 (Gatling's own demo project's release) is told to compile for
 * 17 before its build meets javac's {@code cannot access java.lang.Record}; one compiled for 17 is
 * told nothing.
 */
class CompiledReleaseTest {
  @TempDir Path dir;

  @Test
  void aClassCompiledForJava11IsToldToCompileFor17() throws Exception {
    Path source = dir.resolve("OldReleaseSimulation.java");
    Files.writeString(source, "package com.example; public class OldReleaseSimulation {}\n");
    int exit =
        ToolProvider.getSystemJavaCompiler()
            .run(null, null, null, "--release", "11", "-d", dir.toString(), source.toString());
    assertEquals(0, exit, "javac --release 11");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
      Class<?> old = loader.loadClass("com.example.OldReleaseSimulation");
      assertEquals(
          "gatling-llm: com.example.OldReleaseSimulation is compiled for Java 11; compile your"
              + " simulations with release 17 (<maven.compiler.release>17</maven.compiler.release>,"
              + " Gradle's options.release = 17): the DSL's types include records, and a build for"
              + " 11 fails at its first use of one with 'cannot access java.lang.Record'",
          CompiledRelease.note(old));
    }
  }

  @Test
  void aClassCompiledFor17IsToldNothing() {
    assertNull(CompiledRelease.note(CompiledReleaseTest.class), "this project's release, 17");
    assertTrue(Runtime.version().feature() >= 17);
  }
}
