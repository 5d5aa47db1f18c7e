package dev.gatlingllm.tokenize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/gguf-tokenizer-json.py} writes, from {@code models/stories260K.gguf}, the very
 * tokenizer.json the repository ships (skipped without python3), and refuses a GGUF whose
 * vocabulary is not SentencePiece BPE.
 */
class GgufTokenizerJsonScriptTest {
  private static final String SCRIPT = "scripts/gguf-tokenizer-json.py";

  @TempDir Path dir;

  @Test
  void theShippedTokenizerJsonIsWhatTheScriptWritesFromTheModel() throws Exception {
    Path written = dir.resolve("tokenizer.json");
    Result result = run("models/stories260K.gguf", written.toString());
    assertEquals(0, result.exit(), result.output());
    ObjectMapper json = new ObjectMapper();
    assertEquals(
        json.readTree(Path.of(HuggingFaceTokenizerTest.STORIES).toFile()),
        json.readTree(written.toFile()));
  }

  @Test
  void aVocabularyOfAnotherKindIsRefused() throws Exception {
    // A GGUF v3 header with one key: tokenizer.ggml.model = "gpt2", no tensors.
    Path gguf = dir.resolve("gpt2.gguf");
    byte[] key = "tokenizer.ggml.model".getBytes(StandardCharsets.UTF_8);
    byte[] value = "gpt2".getBytes(StandardCharsets.UTF_8);
    java.nio.ByteBuffer header =
        java.nio.ByteBuffer.allocate(4 + 4 + 8 + 8 + 8 + key.length + 4 + 8 + value.length)
            .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    header
        .put("GGUF".getBytes(StandardCharsets.US_ASCII))
        .putInt(3)
        .putLong(0)
        .putLong(1)
        .putLong(key.length)
        .put(key)
        .putInt(8)
        .putLong(value.length)
        .put(value);
    Files.write(gguf, header.array());
    Result result = run(gguf.toString(), dir.resolve("out.json").toString());
    assertEquals(1, result.exit(), result.output());
    assertTrue(
        result
            .output()
            .contains("tokenizer.ggml.model is 'gpt2': only SentencePiece BPE vocabularies"),
        result.output());
  }

  private record Result(int exit, String output) {}

  private static Result run(String... arguments) throws IOException, InterruptedException {
    assumeTrue(python(), "python3 not found");
    List<String> command = new java.util.ArrayList<>(List.of("python3", SCRIPT));
    command.addAll(List.of(arguments));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the script ended");
    return new Result(process.exitValue(), output);
  }

  private static boolean python() {
    try {
      Process probe = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
      probe.getInputStream().readAllBytes();
      return probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
