package dev.gatlingllm.dsl.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.dsl.prompts.RandomPrompts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Mooncake's trace: one JSON object a line, {@code {"timestamp": ms, "input_length": n,
 * "output_length": m, "hash_ids": [...]}}; the hash ids name the shared prompt blocks.
 */
final class MooncakeTraceFormat implements TraceFormat, TraceFormat.Rows {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The largest millisecond timestamp whose nanoseconds still fit a long. */
  private static final long MAX_MILLIS = Long.MAX_VALUE / 1_000_000;

  @Override
  public String id() {
    return "mooncake";
  }

  @Override
  public String described() {
    return "Mooncake JSONL ({\"timestamp\": ms, \"input_length\": n, \"output_length\": m})";
  }

  @Override
  public boolean recognizes(String firstLine) {
    return firstLine.startsWith("{");
  }

  @Override
  public Rows rows(String firstLine) {
    return this;
  }

  @Override
  public boolean firstLineIsRow() {
    return true;
  }

  @Override
  public TraceReplay.Entry entry(String line) {
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (IOException e) {
      throw new IllegalArgumentException(dev.gatlingllm.logging.UserError.firstLine(e));
    }
    long timestamp = whole(node, "timestamp", 0, MAX_MILLIS);
    int input = (int) whole(node, "input_length", 1, RandomPrompts.MAX_TOKENS);
    int output = (int) whole(node, "output_length", 1, RandomPrompts.MAX_TOKENS);
    List<Long> ids = new ArrayList<>();
    for (JsonNode id : node.path("hash_ids")) {
      if (!id.canConvertToLong()) {
        throw new IllegalArgumentException("'hash_ids' must hold integers");
      }
      ids.add(id.asLong());
    }
    return new TraceReplay.Entry(timestamp * 1_000_000, input, output, List.copyOf(ids));
  }

  private static long whole(JsonNode node, String field, long min, long max) {
    JsonNode value = node.get(field);
    if (value == null
        || !value.isIntegralNumber()
        || !value.canConvertToLong()
        || value.asLong() < min
        || value.asLong() > max) {
      throw new IllegalArgumentException(
          "needs '"
              + field
              + "', a whole number from "
              + min
              + " to "
              + max
              + (value == null ? "" : ", was " + value));
    }
    return value.asLong();
  }
}
