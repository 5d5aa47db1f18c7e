package dev.gatlingllm.bench.ready;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * vLLM's own benchmark client ({@code benchmarks/benchmark_serving.py}, restored as {@code
 * ../shared/peers/README.md} says, run by its {@code run_vllm.sh}): the same workload as the ready
 * sweep (random 32-token prompts, 128 output tokens with {@code ignore_eos}, {@code
 * --max-concurrency C}, 3 x C requests after its one untimed request), its per-request TTFTs read
 * from its {@code --save-detailed} result.
 */
final class VllmBenchClient {
  /**
   * One run: the client's TTFT of each timed request (ms, in its own order; NaN for a failed one),
   * the samples of its CPU (to be read over a window the wire shows) and its wall time.
   */
  record Result(double[] ttftMillis, int completed, ProcessCpu cpu, long runMillis) {}

  private VllmBenchClient() {}

  static Result run(Path script, int port, int streams, Path work)
      throws IOException, InterruptedException {
    Path out = work.resolve("vllm-" + streams + ".json");
    Path log = work.resolve("vllm-" + streams + ".log");
    Files.deleteIfExists(out);
    List<String> cmd =
        new ArrayList<>(
            List.of(
                script.toString(),
                String.valueOf(port),
                String.valueOf(streams),
                String.valueOf(3 * streams),
                out.toString(),
                "--disable-tqdm",
                "--save-detailed"));
    long start = System.currentTimeMillis();
    ProcessCpu cpu = new ProcessCpu("benchmark_serving.py", "python");
    try {
      Process process =
          new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      long limit = 600 + streams / 10;
      if (!process.waitFor(limit, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("vLLM's client did not end in " + limit + " s, see " + log);
      }
      if (process.exitValue() != 0 || !Files.exists(out)) {
        throw new IllegalStateException(
            "vLLM's client exited with " + process.exitValue() + ", see " + log);
      }
      long end = System.currentTimeMillis();
      JsonNode result = new ObjectMapper().readTree(out.toFile());
      JsonNode ttfts = result.path("ttfts");
      double[] millis = new double[ttfts.size()];
      int completed = 0;
      for (int i = 0; i < millis.length; i++) {
        double seconds = ttfts.get(i).asDouble();
        millis[i] = seconds > 0 ? seconds * 1000 : Double.NaN;
        if (seconds > 0) completed++;
      }
      return new Result(millis, completed, cpu, end - start);
    } finally {
      cpu.close();
    }
  }
}
