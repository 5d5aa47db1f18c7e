package dev.gatlingllm.testing;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.report.csv.RequestsCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A {@code requests.csv} read whole, by the columns its header names, as the report's own reader
 * reads it.
 */
public final class RequestsCsvFile {
  private RequestsCsvFile() {}

  /** The file's rows in the file's order, its header aside. */
  public static List<RequestRow> rows(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    RequestsCsv.Reader reader = new RequestsCsv.Reader(lines.get(0));
    return lines.subList(1, lines.size()).stream().map(reader::parse).toList();
  }
}
