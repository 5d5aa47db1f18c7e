package dev.gatlingllm.bench.ready;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * What the server did for one request, from the simulator's ground-truth file: how long after
 * reading the request it wrote the first content event and its response headers, and how late
 * (against its own plan) it wrote its content events.
 */
record Truth(long ttftNanos, long headersNanos, long[] writeLatenessNanos) {
  static Map<String, Truth> read(Path file) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Map<String, Truth> byId = new HashMap<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isBlank()) continue;
        JsonNode r = json.readTree(line);
        long received = r.path("received_ns").asLong();
        long first = -1;
        long headers = -1;
        int content = 0;
        for (JsonNode e : r.path("events")) {
          if (e.get(0).asText().equals("content")) content++;
          if (e.get(0).asText().equals("headers") && headers < 0)
            headers = e.get(2).asLong() - received;
        }
        long[] lateness = new long[content];
        int i = 0;
        for (JsonNode e : r.path("events")) {
          if (!e.get(0).asText().equals("content")) continue;
          long planned = e.get(1).asLong();
          long written = e.get(2).asLong();
          if (first < 0) first = written;
          lateness[i++] = planned < 0 ? 0 : written - planned;
        }
        byId.put(
            r.path("id").asText(), new Truth(first < 0 ? -1 : first - received, headers, lateness));
      }
    }
    return byId;
  }
}
