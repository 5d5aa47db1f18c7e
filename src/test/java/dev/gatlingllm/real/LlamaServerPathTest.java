package dev.gatlingllm.real;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The real-server tests look for llama-server where scripts/real-server.sh built it. */
class LlamaServerPathTest {
  private static final String BUILT = "src/build/bin/llama-server";

  @Test
  void theShellsHomeWinsOverJavasUserHomeAsInTheScript() {
    assertEquals(
        Path.of("/ci/home/.cache/llama-server", BUILT),
        LlamaServer.binaryPath(Map.of("HOME", "/ci/home"), "/root"),
        "CI with HOME set elsewhere than the account's home");
    assertEquals(
        Path.of("/root/.cache/llama-server", BUILT),
        LlamaServer.binaryPath(Map.of(), "/root"),
        "no HOME: Java's user.home");
  }

  @Test
  void llamaCacheAndLlamaServerOverrideHome() {
    assertEquals(
        Path.of("/cache", BUILT),
        LlamaServer.binaryPath(Map.of("HOME", "/ci/home", "LLAMA_CACHE", "/cache"), "/root"));
    assertEquals(
        Path.of("/opt/llama-server"),
        LlamaServer.binaryPath(
            Map.of(
                "HOME", "/ci/home", "LLAMA_CACHE", "/cache", "LLAMA_SERVER", "/opt/llama-server"),
            "/root"));
  }
}
