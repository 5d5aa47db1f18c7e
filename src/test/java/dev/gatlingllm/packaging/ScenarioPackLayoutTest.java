package dev.gatlingllm.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatling.javaapi.core.Simulation;
import io.gatling.scanner.SimulationScanner;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scenario pack's layout (pom.xml, the jar plugin's "scenario-pack"): a simulation that is a
 * multi-release jar's class for Java 17 is not seen by the Gatling Maven plugin's scanner, so a
 * project's {@code mvn -B gatling:test} still finds its own simulation alone, and the JVM loads it
 * by name, so {@code -Dgatling.simulationClass=...} runs it. The same class at the jar's root is
 * seen: the scanner reads the jars of the test classpath.
 */
class ScenarioPackLayoutTest {
  @TempDir Path dir;

  @Test
  void aSimulationUnderMetaInfVersions17IsLoadedByNameAndNotScanned() throws Exception {
    Path classes = compile();
    byte[] ready = Files.readAllBytes(classes.resolve("pack/ReadySimulation.class"));
    Path pack = jar("pack.jar", "META-INF/versions/17/pack/ReadySimulation.class", ready);
    Path user = Files.createDirectories(dir.resolve("user-classes/user"));
    Files.copy(classes.resolve("user/MySimulation.class"), user.resolve("MySimulation.class"));

    assertEquals(
        List.of("user.MySimulation"),
        SimulationScanner.scan(List.of(pack.toFile()), List.of(user.getParent().toFile()))
            .getSimulationClasses(),
        "the project's own simulation alone: batch mode runs it");

    Path flat = jar("flat.jar", "pack/ReadySimulation.class", ready);
    assertEquals(
        List.of("pack.ReadySimulation", "user.MySimulation"),
        SimulationScanner.scan(List.of(flat.toFile()), List.of(user.getParent().toFile()))
            .getSimulationClasses()
            .stream()
            .sorted()
            .toList(),
        "at the jar's root, the scanner finds it beside the project's");

    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {pack.toUri().toURL()}, getClass().getClassLoader())) {
      assertTrue(Simulation.class.isAssignableFrom(loader.loadClass("pack.ReadySimulation")));
    }
  }

  private Path compile() throws Exception {
    Path sources = Files.createDirectories(dir.resolve("src"));
    Path ready = sources.resolve("ReadySimulation.java");
    Files.writeString(
        ready,
        "package pack; public class ReadySimulation extends io.gatling.javaapi.core.Simulation {}");
    Path mine = sources.resolve("MySimulation.java");
    Files.writeString(
        mine,
        "package user; public class MySimulation extends io.gatling.javaapi.core.Simulation {}");
    Path classes = Files.createDirectories(dir.resolve("classes"));
    int exit =
        ToolProvider.getSystemJavaCompiler()
            .run(
                null,
                null,
                null,
                "-classpath",
                System.getProperty("java.class.path"),
                "-d",
                classes.toString(),
                ready.toString(),
                mine.toString());
    assertEquals(0, exit, "javac");
    return classes;
  }

  /** A jar whose manifest says Multi-Release, as the scenario pack's does, holding one class. */
  private Path jar(String name, String entry, byte[] bytes) throws Exception {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
    Path jar = dir.resolve(name);
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file, manifest)) {
      out.putNextEntry(new JarEntry(entry));
      out.write(bytes);
      out.closeEntry();
    }
    return jar;
  }
}
