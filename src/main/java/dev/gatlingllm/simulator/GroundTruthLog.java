package dev.gatlingllm.simulator;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the most recent {@code maxRecords} ground-truth records in memory (older ones are dropped
 * and counted) and optionally appends each as one JSON line to a file from a background thread, so
 * event loops never block on disk. Records are added once per request, so a plain lock is cheap
 * enough.
 */
final class GroundTruthLog implements AutoCloseable {
  private final int maxRecords;
  private final ArrayDeque<GroundTruthRecord> records = new ArrayDeque<>();
  private long dropped;
  private final BufferedWriter file;
  private final ExecutorService fileWriter;

  GroundTruthLog(int maxRecords, Path jsonlFile) {
    this.maxRecords = maxRecords;
    if (jsonlFile == null) {
      this.file = null;
      this.fileWriter = null;
    } else {
      try {
        Path parent = jsonlFile.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        this.file =
            Files.newBufferedWriter(
                jsonlFile,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot open ground-truth file " + jsonlFile, e);
      }
      this.fileWriter =
          Executors.newSingleThreadExecutor(
              r -> {
                Thread t = new Thread(r, "sim-ground-truth-writer");
                t.setDaemon(true);
                return t;
              });
    }
  }

  void add(GroundTruthRecord record) {
    synchronized (records) {
      if (maxRecords > 0) {
        if (records.size() == maxRecords) {
          records.pollFirst();
          dropped++;
        }
        records.addLast(record);
      }
    }
    if (fileWriter != null) {
      fileWriter.execute(() -> writeLine(record));
    }
  }

  List<GroundTruthRecord> snapshot() {
    synchronized (records) {
      return List.copyOf(records);
    }
  }

  long dropped() {
    synchronized (records) {
      return dropped;
    }
  }

  void clear() {
    synchronized (records) {
      records.clear();
      dropped = 0;
    }
  }

  private void writeLine(GroundTruthRecord r) {
    StringBuilder sb = new StringBuilder(256 + r.eventCount() * 40);
    sb.append("{\"id\":\"")
        .append(r.requestId())
        .append("\",\"endpoint\":\"")
        .append(r.endpoint())
        .append("\",\"stream\":")
        .append(r.streamed())
        .append(",\"received_ns\":")
        .append(r.receivedNanos())
        .append(",\"end_ns\":")
        .append(r.endNanos())
        .append(",\"prompt_tokens\":")
        .append(r.promptTokens())
        .append(",\"completion_tokens\":")
        .append(r.completionTokens())
        .append(",\"outcome\":\"")
        .append(r.outcome())
        .append("\",\"events\":[");
    List<GroundTruthRecord.Event> events = r.events();
    for (int i = 0; i < events.size(); i++) {
      GroundTruthRecord.Event e = events.get(i);
      if (i > 0) sb.append(',');
      sb.append("[\"")
          .append(e.kind().name().toLowerCase())
          .append("\",")
          .append(e.plannedNanos())
          .append(',')
          .append(e.writeNanos())
          .append(',')
          .append(e.tokens())
          .append(']');
    }
    sb.append("]}\n");
    try {
      file.write(sb.toString());
    } catch (IOException e) {
      // losing a ground-truth line must not break serving; the in-memory log still has it
    }
  }

  @Override
  public void close() {
    if (fileWriter != null) {
      fileWriter.shutdown();
      try {
        fileWriter.awaitTermination(10, TimeUnit.SECONDS);
        file.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
