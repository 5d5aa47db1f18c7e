package dev.gatlingllm.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.stats.Micros;
import dev.gatlingllm.report.csv.RequestsCsvReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * The per-request arrays of vLLM's detailed result ({@code vllm bench serve --save-detailed}),
 * written into {@code summary.json} at the end of a run from {@code requests.csv}: one entry per
 * request counted in the figures (its start in a level's measurement window), in the file's order,
 * the same index in every array. The rows are streamed from the file once per array, so memory
 * stays constant whatever the run's length; the file grows by about 60 bytes per request.
 *
 * <ul>
 *   <li>{@code ttfts}, {@code e2els}, {@code tpots}: seconds, as vLLM's arrays (null when the
 *       request has none: no token, or a single one for TPOT)
 *   <li>{@code input_lens}, {@code output_lens}: tokens (-1 unknown)
 *   <li>{@code request_errors}: the KO message, "" for a success (vLLM calls it {@code errors}, a
 *       name this file gives the count of requests per message)
 *   <li>{@code request_ids}: the server's request id ({@code x-request-id}), "" when it sent none
 *   <li>{@code itls}: each request's inter-token gaps in seconds (its first 65,536), read from
 *       {@code itls.csv}, which the run writes beside requests.csv, line for line, when detailed
 *       results are on (about 8 bytes per token event)
 * </ul>
 */
final class DetailedResults {
  private DetailedResults() {}

  /**
   * @param itlsCsv the gaps file; the {@code itls} array is left out when it does not exist
   */
  static void write(JsonGenerator json, Path requestsCsv, Path itlsCsv) throws IOException {
    seconds(json, requestsCsv, "ttfts", row -> row.latency().ttftMicros());
    seconds(json, requestsCsv, "e2els", row -> row.latency().e2elMicros());
    seconds(json, requestsCsv, "tpots", row -> row.latency().tpotMicros());
    array(
        json, requestsCsv, "input_lens", (row, out) -> out.writeNumber(row.tokens().inputTokens()));
    array(
        json,
        requestsCsv,
        "output_lens",
        (row, out) -> out.writeNumber(row.tokens().outputTokens()));
    array(
        json,
        requestsCsv,
        "request_errors",
        (row, out) -> out.writeString(orEmpty(row.status().error())));
    array(
        json,
        requestsCsv,
        "request_ids",
        (row, out) -> out.writeString(orEmpty(row.status().requestId())));
    if (Files.isRegularFile(itlsCsv)) {
      itls(json, requestsCsv, itlsCsv);
    }
  }

  private static void itls(JsonGenerator json, Path csv, Path itlsCsv) throws IOException {
    json.writeArrayFieldStart("itls");
    try (RequestsCsvReader rows = RequestsCsvReader.open(csv, itlsCsv)) {
      while (rows.next()) {
        RequestRow row = rows.row();
        if (row.placement().inWindow() && row.placement().level() >= 0) {
          json.writeStartArray();
          if (!rows.gaps().isEmpty()) {
            for (String gap : rows.gaps().split(";")) {
              json.writeNumber(Micros.parseMillis(gap) / 1e6);
            }
          }
          json.writeEndArray();
        }
      }
    }
    json.writeEndArray();
  }

  private static void seconds(
      JsonGenerator json, Path csv, String name, Function<RequestRow, Long> micros)
      throws IOException {
    array(
        json,
        csv,
        name,
        (row, out) -> {
          long value = micros.apply(row);
          if (value < 0) {
            out.writeNull();
          } else {
            out.writeNumber(value / 1e6);
          }
        });
  }

  private static String orEmpty(String text) {
    return text == null ? "" : text;
  }

  private interface Value {
    void write(RequestRow row, JsonGenerator out) throws IOException;
  }

  private static void array(JsonGenerator json, Path csv, String name, Value value)
      throws IOException {
    json.writeArrayFieldStart(name);
    try (RequestsCsvReader rows = RequestsCsvReader.open(csv, null)) {
      while (rows.next()) {
        RequestRow row = rows.row();
        if (row.placement().inWindow() && row.placement().level() >= 0) {
          value.write(row, json);
        }
      }
    }
    json.writeEndArray();
  }
}
