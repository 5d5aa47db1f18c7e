package dev.gatlingllm.report.csv;

import dev.gatlingllm.metrics.request.RequestRow;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a {@code requests.csv} row by row, by column name ({@link RequestsCsv.Reader}), and with
 * it, when one is given, the {@code itls.csv} written beside it: the gaps of row n are on line n of
 * that file, blank rows included, so the two files are read in step. Streams: memory stays constant
 * whatever the file's length.
 */
public final class RequestsCsvReader implements Closeable {
  private final BufferedReader rows;
  private final BufferedReader gaps;
  private final RequestsCsv.Reader columns;
  private String line;
  private String gapLine;

  private RequestsCsvReader(BufferedReader rows, BufferedReader gaps) throws IOException {
    this.rows = rows;
    this.gaps = gaps;
    String header = rows.readLine();
    if (gaps != null) {
      gaps.readLine();
    }
    this.columns = header == null ? null : new RequestsCsv.Reader(header);
  }

  /**
   * @param requestsCsv the rows
   * @param itlsCsv the gaps written beside them, or null to read the rows alone
   */
  public static RequestsCsvReader open(Path requestsCsv, Path itlsCsv) throws IOException {
    BufferedReader rows = Files.newBufferedReader(requestsCsv, StandardCharsets.UTF_8);
    try {
      return new RequestsCsvReader(
          rows, itlsCsv == null ? null : Files.newBufferedReader(itlsCsv, StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      rows.close();
      throw e;
    }
  }

  /** True when the file has not even a header line: it has no rows. */
  public boolean headerMissing() {
    return columns == null;
  }

  /** Moves to the next row, skipping blank lines; false at the end of the file. */
  public boolean next() throws IOException {
    if (columns == null) {
      return false;
    }
    while ((line = rows.readLine()) != null) {
      gapLine = gaps == null ? null : gaps.readLine();
      if (!line.isBlank()) {
        return true;
      }
    }
    return false;
  }

  /** The current row. */
  public RequestRow row() {
    return columns.parse(line);
  }

  /**
   * The current row's gaps as written, {@code ;}-separated milliseconds; empty when none or no gaps
   * file.
   */
  public String gaps() {
    return gapLine == null ? "" : gapLine;
  }

  @Override
  public void close() throws IOException {
    try (rows;
        BufferedReader other = gaps) {
      // both closed, the rows' reader last
    }
  }
}
