package dev.gatlingllm.tokenize;

import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.Tokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A model's own vocabulary from its Hugging Face {@code tokenizer.json} (Llama, Mistral, Qwen...),
 * through DJL's binding of the Rust {@code tokenizers} library, whose jar carries the native
 * library for the common platforms: nothing is downloaded. Counts without I/O, so it may count on
 * the virtual users' event loops; thread-safe. Special tokens (a BOS) are not added: a count is
 * that of the text alone, as {@code /tokenize} with {@code add_special: false} gives it.
 */
public final class HuggingFaceTokenizer implements Tokenizer {
  /** One native tokenizer per file for the JVM's life: loading a large vocabulary takes a while. */
  private static final Map<String, HuggingFaceTokenizer> LOADED = new ConcurrentHashMap<>();

  private final String name;
  private final ai.djl.huggingface.tokenizers.HuggingFaceTokenizer tokenizer;

  private HuggingFaceTokenizer(
      String name, ai.djl.huggingface.tokenizers.HuggingFaceTokenizer tokenizer) {
    this.name = name;
    this.tokenizer = tokenizer;
  }

  /**
   * The tokenizer of a {@code tokenizer.json}, loaded once.
   *
   * @param location a file path, or else a classpath resource (as feeder files are found)
   * @return the tokenizer
   * @throws IllegalArgumentException when neither a file nor a resource is there, or it is not a
   *     tokenizer
   */
  public static HuggingFaceTokenizer of(String location) {
    Path file = Path.of(location);
    String key =
        Files.isRegularFile(file)
            ? file.toAbsolutePath().normalize().toString()
            : "classpath:" + location;
    return LOADED.computeIfAbsent(key, k -> load(location, file));
  }

  /**
   * DJL's native loader asks CUDA how many GPUs there are, and warns twice on a machine with a CUDA
   * library but an older driver ("Failed to detect GPU count: CUDA driver version is
   * insufficient"): a tokenizer runs on the CPU, so that warning says nothing about the run.
   */
  static final String CUDA_PROBE_LOGGER = "ai.djl.util.cuda.CudaUtils";

  private static void quietCudaProbe() {
    if (org.slf4j.LoggerFactory.getLogger(CUDA_PROBE_LOGGER)
        instanceof ch.qos.logback.classic.Logger logger) {
      logger.setLevel(ch.qos.logback.classic.Level.ERROR);
    }
  }

  private static HuggingFaceTokenizer load(String location, Path file) {
    quietCudaProbe();
    String shown = Redactor.setting(location);
    // Counting is of the text alone (no BOS), and never cut: a prompt longer than the model's
    // context still counts.
    Map<String, String> options =
        Map.of("addSpecialTokens", "false", "truncation", "false", "padding", "false");
    try (InputStream in =
        Files.isRegularFile(file)
            ? Files.newInputStream(file)
            : Thread.currentThread().getContextClassLoader().getResourceAsStream(location)) {
      if (in == null) {
        throw new IllegalArgumentException(
            "no tokenizer.json at '" + shown + "' (neither a file nor on the classpath)");
      }
      try {
        return new HuggingFaceTokenizer(
            "hf:" + shown,
            ai.djl.huggingface.tokenizers.HuggingFaceTokenizer.newInstance(in, options));
      } catch (RuntimeException e) {
        // The Rust library's parse errors name what is wrong and where in the JSON.
        throw new IllegalArgumentException(
            "'" + shown + "' is not a Hugging Face tokenizer.json: " + e.getMessage());
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read tokenizer.json '" + shown + "': " + e.getMessage());
    } catch (UnsatisfiedLinkError e) {
      throw new IllegalStateException(
          "the Hugging Face tokenizers' native library (DJL) does not load on "
              + System.getProperty("os.name")
              + " "
              + System.getProperty("os.arch")
              + ": "
              + e.getMessage());
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public int[] encode(String text) {
    long[] ids = tokenizer.encode(text, false, false).getIds();
    int[] out = new int[ids.length];
    for (int i = 0; i < ids.length; i++) {
      out[i] = (int) ids[i];
    }
    return out;
  }

  @Override
  public String decode(int[] ids) {
    long[] wide = new long[ids.length];
    for (int i = 0; i < ids.length; i++) {
      wide[i] = ids[i];
    }
    // Special tokens are kept: the text gives back exactly the ids it was cut from.
    return tokenizer.decode(wide, false);
  }
}
