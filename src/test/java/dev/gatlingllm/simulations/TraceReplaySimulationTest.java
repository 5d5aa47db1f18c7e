package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.simulator.GroundTruthRecord;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample trace replayed at twice its pace against a server that logs when each request arrived:
 * the arrivals keep the recorded gaps (halved), and each request gets its recorded output length.
 */
class TraceReplaySimulationTest {
  @TempDir Path results;

  @Test
  void arrivalsAtTheServerKeepTheRecordedTimesAndEachRequestItsLengths() throws Exception {
    List<JsonNode> trace = new ArrayList<>();
    try (InputStream in = getClass().getClassLoader().getResourceAsStream("trace-sample.jsonl")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) {
          trace.add(new ObjectMapper().readTree(line));
        }
      }
    }
    List<GroundTruthRecord> truth;
    InProcessGatling.Run run;
    try (LlmSimulator simulator =
        LlmSimulator.builder().host("127.0.0.1").port(0).groundTruth(true).build().start()) {
      run =
          InProcessGatling.run(
              TraceReplaySimulation.class,
              results,
              Map.of(
                  "llm.baseUrl",
                  "http://127.0.0.1:" + simulator.port(),
                  "llm.probe",
                  "false",
                  "llm.trace.speed",
                  "2",
                  "llm.warmupSeconds",
                  "3"));
      truth = simulator.groundTruth();
    }
    assertEquals(0, run.exitCode(), run.tail());
    // The warm-up's requests come first; the replay's are the last ones the server received.
    assertTrue(truth.size() > trace.size(), "a JIT warm-up ran first");
    long[] all = truth.stream().mapToLong(GroundTruthRecord::receivedNanos).sorted().toArray();
    long[] arrivals = Arrays.copyOfRange(all, all.length - trace.size(), all.length);
    // Each arrival's offset from its recorded time (halved); their spread around the median offset
    // is how well the recorded gaps were kept, whatever the constant delay from the replay's start
    // to the server.
    long firstRecorded = trace.get(0).path("timestamp").asLong();
    double[] offsetsMs = new double[arrivals.length];
    for (int i = 0; i < arrivals.length; i++) {
      double planned = (trace.get(i).path("timestamp").asLong() - firstRecorded) / 2.0;
      offsetsMs[i] = (arrivals[i] - arrivals[0]) / 1e6 - planned;
    }
    double[] sorted = offsetsMs.clone();
    Arrays.sort(sorted);
    double median = sorted[sorted.length / 2];
    double[] errorsMs = new double[arrivals.length];
    for (int i = 0; i < arrivals.length; i++) {
      errorsMs[i] = Math.abs(offsetsMs[i] - median);
    }
    Arrays.sort(errorsMs);
    assertTrue(
        errorsMs[errorsMs.length / 2] <= 20,
        "median arrival error " + errorsMs[errorsMs.length / 2] + " ms");
    assertTrue(
        errorsMs[errorsMs.length - 1] <= 250,
        "largest arrival error " + errorsMs[errorsMs.length - 1] + " ms");

    List<Integer> recordedOutputs =
        trace.stream().map(t -> t.path("output_length").asInt()).sorted().toList();
    List<Integer> servedOutputs =
        truth.stream()
            .sorted(java.util.Comparator.comparingLong(GroundTruthRecord::receivedNanos))
            .skip(truth.size() - trace.size())
            .map(GroundTruthRecord::completionTokens)
            .sorted()
            .toList();
    assertEquals(
        recordedOutputs, servedOutputs, "each request asked for its recorded output length");
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(trace.size(), summary.path("completed").asInt());
  }
}
