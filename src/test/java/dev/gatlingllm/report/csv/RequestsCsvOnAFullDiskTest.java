package dev.gatlingllm.report.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * requests.csv on a real disk that fills: a 64 KiB tmpfs, mounted for the test (skipped where it
 * cannot be mounted, e.g. without root). Whatever the disk took, the file ends at the end of a row,
 * and the rows it has plus the rows said not written are every row submitted.
 */
class RequestsCsvOnAFullDiskTest {
  private static final int ROWS = 2_000; // some 400 KB: six times the disk
  private static final Pattern NOT_WRITTEN = Pattern.compile("(\\d+) rows not written");

  @TempDir Path temp;
  private Path disk;
  private boolean mounted;

  @BeforeEach
  void mountASmallDisk() throws Exception {
    disk = Files.createDirectory(temp.resolve("disk"));
    mounted = run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.toString());
    Assumptions.assumeTrue(mounted, "cannot mount a tmpfs here");
  }

  @AfterEach
  void unmount() throws Exception {
    if (mounted) {
      run("umount", disk.toString());
    }
  }

  private static boolean run(String... command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getInputStream().readAllBytes();
      return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static RequestRow row(int i) {
    return TestRows.numbered("chat")
        .startEpochMillis(1_700_000_000_000L + i)
        .requestId("chatcmpl-" + i)
        .finishReason("stop")
        .build();
  }

  @Test
  void aDiskThatFillsLeavesWholeRowsAndTrueCounts() throws Exception {
    Path file = disk.resolve("requests.csv");
    RequestsCsvWriter writer = new RequestsCsvWriter(file);
    for (int i = 0; i < ROWS; i++) {
      writer.submit(row(i));
    }
    writer.close();

    byte[] bytes = Files.readAllBytes(file);
    assertTrue(bytes.length > 0 && bytes[bytes.length - 1] == '\n', "the file ends in a cut row");
    List<String> lines = List.of(new String(bytes, StandardCharsets.UTF_8).split("\n"));
    assertEquals(RequestsCsv.HEADER, lines.get(0));
    int columns = RequestsCsv.COLUMNS.size();
    for (String line : lines) {
      assertEquals(columns, line.split(",", -1).length, "a row cut short: " + line);
    }
    long inFile = lines.size() - 1;
    String failure = writer.failure();
    assertNotNull(failure, "the disk was full, yet no row is missing");
    Matcher counted = NOT_WRITTEN.matcher(failure);
    assertTrue(counted.find(), failure);
    assertEquals(
        ROWS, inFile + Long.parseLong(counted.group(1)), inFile + " rows in the file; " + failure);
    assertTrue(failure.contains("No space left on device"), failure);
  }
}
