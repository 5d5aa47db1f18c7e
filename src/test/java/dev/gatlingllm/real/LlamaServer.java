package dev.gatlingllm.real;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A real llama.cpp {@code llama-server} on loopback for end-to-end tests. Found through the
 * environment variable {@code LLAMA_SERVER} or where {@code scripts/real-server.sh build} puts it
 * (under {@code LLAMA_CACHE}, default {@code ~/.cache/llama-server}); the model is the repository's
 * {@code models/stories260K.gguf} (or in {@code LLAMA_MODELS}).
 */
final class LlamaServer implements AutoCloseable {
  private final Process process;
  private final int port;
  private final Path log;

  private LlamaServer(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  static Optional<Path> binary() {
    Path path = binaryPath(System.getenv(), System.getProperty("user.home"));
    return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
  }

  /**
   * Where scripts/real-server.sh builds llama-server, by its own rule: {@code LLAMA_SERVER}, else
   * under {@code LLAMA_CACHE}, else under {@code $HOME/.cache/llama-server}. The shell's {@code
   * HOME}, not Java's {@code user.home}: the two differ when CI sets HOME elsewhere than the
   * account's home, and the tests must look where the script built.
   */
  static Path binaryPath(Map<String, String> env, String userHome) {
    if (env.get("LLAMA_SERVER") != null) {
      return Path.of(env.get("LLAMA_SERVER"));
    }
    String cache = env.get("LLAMA_CACHE");
    String home = env.get("HOME") != null ? env.get("HOME") : userHome;
    return (cache != null ? Path.of(cache) : Path.of(home, ".cache", "llama-server"))
        .resolve("src/build/bin/llama-server");
  }

  static Optional<Path> model(String file) {
    String env = System.getenv("LLAMA_MODELS");
    Path dir = env != null ? Path.of(env) : Path.of("models");
    Path model = dir.resolve(file);
    return Files.isRegularFile(model) ? Optional.of(model) : Optional.empty();
  }

  /** Starts the server with {@code slots} parallel sequences and waits until it answers /health. */
  static LlamaServer start(Path binary, Path model, String alias, int slots) throws Exception {
    return start(binary, model, alias, slots, List.of());
  }

  /**
   * As {@link #start(Path, Path, String, int)} with more options, e.g. {@code --embeddings} for a
   * server of {@code /v1/embeddings}.
   */
  static LlamaServer start(Path binary, Path model, String alias, int slots, List<String> options)
      throws Exception {
    return start(binary, model, alias, slots, options, Placement.SHARED);
  }

  /**
   * As {@link #start(Path, Path, String, int, List)}, placed on the machine as {@code placement}
   * says: its threads, and the CPUs it may run on.
   */
  static LlamaServer start(
      Path binary, Path model, String alias, int slots, List<String> options, Placement placement)
      throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    Path log = Files.createTempFile("llama-server", ".log");
    List<String> command = new java.util.ArrayList<>(placement.launcher());
    command.addAll(
        List.of(
            binary.toString(),
            "-m",
            model.toString(),
            "--host",
            "127.0.0.1",
            "--port",
            Integer.toString(port),
            "-np",
            Integer.toString(slots),
            "-c",
            Integer.toString(512 * slots),
            "-t",
            Integer.toString(placement.threads()),
            "--no-webui",
            "--metrics",
            "-a",
            alias));
    command.addAll(options);
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    LlamaServer server = new LlamaServer(process, port, log);
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("llama-server exited: " + Files.readString(log));
      }
      if (server.healthy()) {
        return server;
      }
      Thread.sleep(200);
    }
    server.close();
    throw new IllegalStateException(
        "llama-server not healthy after 60 s: " + Files.readString(log));
  }

  private boolean healthy() {
    try {
      HttpURLConnection connection =
          (HttpURLConnection) URI.create(baseUrl() + "/health").toURL().openConnection();
      connection.setConnectTimeout(500);
      connection.setReadTimeout(500);
      return connection.getResponseCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The server's Prometheus counters ({@code /metrics}, names without the {@code llamacpp:}
   * prefix): what it says it did, e.g. {@code tokens_predicted_total} and {@code
   * tokens_predicted_seconds_total}.
   */
  Map<String, Double> metrics() throws IOException {
    HttpURLConnection connection =
        (HttpURLConnection) URI.create(baseUrl() + "/metrics").toURL().openConnection();
    connection.setConnectTimeout(2000);
    connection.setReadTimeout(5000);
    Map<String, Double> counters = new HashMap<>();
    try (var in = connection.getInputStream()) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String[] parts = line.trim().split("\\s+");
        if (parts.length == 2 && parts[0].startsWith("llamacpp:")) {
          counters.put(parts[0].substring("llamacpp:".length()), Double.parseDouble(parts[1]));
        }
      }
    }
    return counters;
  }

  String baseUrl() {
    return "http://127.0.0.1:" + port;
  }

  @Override
  public void close() throws IOException {
    process.destroy();
    try {
      if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    Files.deleteIfExists(log);
  }
}
