package dev.gatlingllm.report.csv;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The bytes of one file that rows are appended to, and cut back. A seam: tests give one that fills
 * up or hangs.
 */
interface RowFile extends Closeable {
  /**
   * Appends all of {@code bytes}, or throws; a file on a disk that fills may have taken a part of
   * them when it throws.
   */
  void append(ByteBuffer bytes) throws IOException;

  /** Cuts the file back to its first {@code size} bytes. */
  void truncate(long size) throws IOException;

  /** Creates (or empties) {@code file} and its folder. */
  static RowFile create(Path file) throws IOException {
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    FileChannel channel =
        FileChannel.open(
            file,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
    return new RowFile() {
      @Override
      public void append(ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
      }

      @Override
      public void truncate(long size) throws IOException {
        channel.truncate(size);
        channel.position(size);
      }

      @Override
      public void close() throws IOException {
        channel.close();
      }
    };
  }
}
