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
 * vLLM's own benchmark client: {@code benchmarks/benchmark_serving.py} with its three sibling files
 * at vLLM commit 8fc88d63f1163f119dd740b1666069535f052ff3, unmodified, run by Debian's python3 with
 * python3-aiohttp, -numpy, -tqdm, -pandas and -pil, and stand-ins for its transformers and vllm
 * imports that tokenize through the server's {@code /tokenize} and {@code /detokenize}. The harness
 * calls a script {@code PORT C NREQ OUT.json [args]} that runs it with {@code --backend openai-chat
 * --dataset-name random --random-input-len 32 --random-output-len 128 --ignore-eos
 * --max-concurrency C --num-prompts NREQ --request-rate inf --save-result}: the same workload as
 * the ready sweep (3 x C requests after its one untimed request), its per-request TTFTs read from
 * its {@code --save-detailed} result.
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
