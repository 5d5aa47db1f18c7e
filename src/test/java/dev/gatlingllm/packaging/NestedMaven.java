package dev.gatlingllm.packaging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Runs this project's Maven wrapper on another build, as a user would, offline when the outer build
 * is (so that a build that may not download does not), and reads the jars builds produce.
 */
final class NestedMaven {
  static final Path BASEDIR = Path.of("").toAbsolutePath();
  static final String VERSION = required("project.version");

  private NestedMaven() {}

  /**
   * What a nested build did: its exit code and its console, kept in a file for the failure message.
   */
  record Result(int exitCode, Path log) {
    String tail() throws IOException {
      String text = Files.readString(log);
      return text.length() > 4_000 ? text.substring(text.length() - 4_000) : text;
    }
  }

  static Result run(Path log, long timeoutSeconds, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(BASEDIR.resolve("mvnw").toString(), "-B", "-q"));
    if ("offline=true".equals(System.getProperty("it.outerBuild"))) {
      command.add("-o");
    }
    command.addAll(List.of(args));
    Files.createDirectories(log.getParent());
    Process process =
        new ProcessBuilder(command)
            .directory(BASEDIR.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      throw new AssertionError(
          "mvnw "
              + String.join(" ", args)
              + " still running after "
              + timeoutSeconds
              + " s: "
              + new Result(-1, log).tail());
    }
    return new Result(process.exitValue(), log);
  }

  /** The user's local repository, which nested builds read. */
  static Path userRepository() {
    return Path.of(required("maven.repo.local"));
  }

  static List<String> entries(Path jar) throws IOException {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      return zip.stream().map(ZipEntry::getName).toList();
    }
  }

  static List<Path> find(Path root, String fileName) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      return all.filter(p -> p.getFileName().toString().equals(fileName)).toList();
    }
  }

  /** Deletes {@code root} and everything under it, if it exists. */
  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> all = Files.walk(root)) {
      for (Path path : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private static String required(String property) {
    String value = System.getProperty(property);
    if (value == null || value.isBlank()) {
      throw new IllegalStateException(property + " not set: run through Maven (./mvnw verify)");
    }
    return value;
  }
}
