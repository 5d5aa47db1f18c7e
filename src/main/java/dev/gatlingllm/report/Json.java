package dev.gatlingllm.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The one JSON mapper of the report, and number handling that keeps NaN out of the files (JSON has
 * none).
 */
final class Json {
  static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {}

  /** Puts a number, or null when it is NaN or infinite. */
  static void put(ObjectNode node, String field, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      node.putNull(field);
    } else {
      node.put(field, value);
    }
  }

  /** Puts a string, or null. */
  static void put(ObjectNode node, String field, String value) {
    if (value == null) {
      node.putNull(field);
    } else {
      node.put(field, value);
    }
  }

  /** Puts an optional number (e.g. an SLO), or null. */
  static void put(ObjectNode node, String field, Double value) {
    if (value == null) {
      node.putNull(field);
    } else {
      put(node, field, value.doubleValue());
    }
  }
}
