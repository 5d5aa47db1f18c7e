package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.simulator.GroundTruthRecord;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.ReplayArrivals;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
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
    long[] arrivals = ReplayArrivals.lastArrivals(truth, trace.size());
    long firstRecorded = trace.get(0).path("timestamp").asLong();
    double[] plannedMs = new double[arrivals.length];
    for (int i = 0; i < arrivals.length; i++) {
      plannedMs[i] = (trace.get(i).path("timestamp").asLong() - firstRecorded) / 2.0;
    }
    ReplayArrivals.assertKeepPlannedGaps(plannedMs, arrivals);

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
