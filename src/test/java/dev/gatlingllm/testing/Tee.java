package dev.gatlingllm.testing;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes to a real stream and keeps a copy: what a test reads of Gatling's console while it still
 * shows.
 */
public final class Tee extends OutputStream {
  private final OutputStream first;
  private final OutputStream second;

  public Tee(OutputStream first, OutputStream second) {
    this.first = first;
    this.second = second;
  }

  @Override
  public void write(int b) throws IOException {
    first.write(b);
    second.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    first.write(b, off, len);
    second.write(b, off, len);
  }
}
