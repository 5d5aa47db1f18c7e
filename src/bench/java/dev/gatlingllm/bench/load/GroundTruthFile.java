package dev.gatlingllm.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulator's ground truth as written by {@code sim.groundTruthFile}: one JSON line per
 * request.
 */
final class GroundTruthFile {
  /**
   * One request: its id (the client's {@code x-request-id}), receive time and content write times.
   */
  record Request(
      String id, long receivedNanos, String outcome, long[] contentWrites, long[] contentPlanned) {
    long ttftNanos() {
      return contentWrites.length == 0 ? -1 : contentWrites[0] - receivedNanos;
    }
  }

  private GroundTruthFile() {}

  static List<Request> read(Path file) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<Request> requests = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isBlank()) continue;
        JsonNode r = json.readTree(line);
        JsonNode events = r.path("events");
        int content = 0;
        for (JsonNode e : events) {
          if (e.get(0).asText().equals("content")) content++;
        }
        long[] writes = new long[content];
        long[] planned = new long[content];
        int i = 0;
        for (JsonNode e : events) {
          if (e.get(0).asText().equals("content")) {
            planned[i] = e.get(1).asLong();
            writes[i++] = e.get(2).asLong();
          }
        }
        requests.add(
            new Request(
                r.path("id").asText(),
                r.path("received_ns").asLong(),
                r.path("outcome").asText(),
                writes,
                planned));
      }
    }
    return requests;
  }
}
