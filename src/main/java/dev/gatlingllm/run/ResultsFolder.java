package dev.gatlingllm.run;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the results folder of the running Gatling simulation, where the {@code llm/} report goes
 * beside Gatling's own. Nothing public exposes it, so, most robust first: the {@code
 * simulation.log} this process holds open (Linux), then the newest run folder under {@code
 * -Dllm.resultsDir} created since this JVM started. Without either, a folder of our own under
 * {@code target/gatling-llm}. {@code -Dllm.reportDir} comes before all of them: where Gatling keeps
 * no results folder (a Gatling Enterprise injector writes no {@code simulation.log}), each run's
 * report goes to {@code <llm.reportDir>/run-<timestamp>/llm}.
 */
final class ResultsFolder {
  private static final Pattern RUN_FOLDER = Pattern.compile(".*-(\\d{17})$");
  private static final DateTimeFormatter RUN_STAMP =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS");

  private ResultsFolder() {}

  static Path locate() {
    String reportDir = System.getProperty("llm.reportDir");
    if (reportDir != null && !reportDir.isBlank()) {
      return ownRunFolder(Path.of(reportDir));
    }
    return openSimulationLog()
        .or(ResultsFolder::newestUnderResultsDir)
        .orElseGet(() -> ownRunFolder(Path.of("target", "gatling-llm")));
  }

  private static Path ownRunFolder(Path root) {
    return root.resolve("run-" + LocalDateTime.now(ZoneOffset.UTC).format(RUN_STAMP))
        .toAbsolutePath();
  }

  private static Optional<Path> openSimulationLog() {
    Path fds = Path.of("/proc/self/fd");
    if (!Files.isDirectory(fds)) {
      return Optional.empty();
    }
    try (Stream<Path> links = Files.list(fds)) {
      return links
          .map(ResultsFolder::target)
          .filter(
              p ->
                  p != null
                      && p.getFileName() != null
                      && p.getFileName().toString().equals("simulation.log"))
          .map(Path::getParent)
          .max(Comparator.comparing(ResultsFolder::lastModified));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Path target(Path link) {
    try {
      return Files.readSymbolicLink(link);
    } catch (IOException | UnsupportedOperationException e) {
      return null;
    }
  }

  private static Optional<Path> newestUnderResultsDir() {
    String root = System.getProperty("llm.resultsDir");
    if (root == null || !Files.isDirectory(Path.of(root))) {
      return Optional.empty();
    }
    String jvmStart =
        LocalDateTime.ofEpochSecond(
                ManagementFactory.getRuntimeMXBean().getStartTime() / 1000, 0, ZoneOffset.UTC)
            .format(RUN_STAMP);
    try (Stream<Path> runs = Files.list(Path.of(root))) {
      return runs.filter(p -> Files.exists(p.resolve("simulation.log")))
          .filter(
              p -> {
                var m = RUN_FOLDER.matcher(p.getFileName().toString());
                return m.matches() && m.group(1).compareTo(jvmStart) >= 0;
              })
          .max(Comparator.comparing(p -> p.getFileName().toString().replaceAll(".*-", "")));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static long lastModified(Path path) {
    try {
      return Files.getLastModifiedTime(path).toMillis();
    } catch (IOException e) {
      return 0;
    }
  }
}
