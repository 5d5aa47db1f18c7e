package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import java.io.IOException;
import java.io.OutputStream;

/**
 * One Jackson non-blocking parser per thread, fed event after event as a sequence of root-level values, so
 * that parsing an event allocates nothing but the Strings the interpreter asks for.
 *
 * <p>Why per thread rather than per stream: an event is always parsed whole, synchronously, before any signal
 * is emitted, so between two events the parser is idle at root level and any stream on the same thread can
 * use it. Per stream it would hold a parser and its buffers (a few KiB) for each of thousands of open
 * streams; per thread it is one per event loop.
 *
 * <p>A malformed event leaves the parser in an unknown state (inside a string, an object...): it is then
 * dropped and the thread's next event gets a new one.
 */
final class ThreadAsyncParsers implements EventParsers {
  static final ThreadAsyncParsers INSTANCE = new ThreadAsyncParsers();

  private final ThreadLocal<Slot> slots = ThreadLocal.withInitial(Slot::new);

  private ThreadAsyncParsers() {}

  /** A thread's parser, and a sink that checks the bytes left after an event's root object. */
  private static final class Slot extends OutputStream {
    JsonParser parser;
    ByteArrayFeeder feeder;
    boolean whitespaceOnly;

    @Override
    public void write(int b) {
      whitespaceOnly &= isWhitespace((byte) b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      for (int i = offset; i < offset + length; i++) {
        whitespaceOnly &= isWhitespace(bytes[i]);
      }
    }

    private static boolean isWhitespace(byte b) {
      return b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }
  }

  @Override
  public JsonParser open(byte[] data, int length) throws IOException {
    Slot slot = slots.get();
    if (slot.parser == null || !slot.feeder.needMoreInput()) {
      discard(slot);
      slot.parser = OpenAiJson.FACTORY.createNonBlockingByteArrayParser();
      slot.feeder = (ByteArrayFeeder) slot.parser.getNonBlockingInputFeeder();
    }
    slot.feeder.feedInput(data, 0, length); // the parser reads the event's array in place: no copy
    return slot.parser;
  }

  @Override
  public boolean atEnd(JsonParser parser) throws IOException {
    Slot slot = slots.get();
    // The bytes not consumed yet, written (not copied) to the slot's check. A non-blocking parser cannot tell
    // "nothing follows" from "more may come", so a trailing partial value ({...} 1, {...} "x) must be found here.
    slot.whitespaceOnly = true;
    parser.releaseBuffered(slot);
    // Consume that whitespace: the parser must have read all of this event before the next one is fed.
    return slot.whitespaceOnly && parser.nextToken() == JsonToken.NOT_AVAILABLE;
  }

  @Override
  public void release(JsonParser parser, boolean clean) {
    if (!clean) {
      discard(slots.get());
    }
  }

  private static void discard(Slot slot) {
    if (slot.parser != null) {
      try {
        slot.parser.close();
      } catch (IOException e) {
        // nothing to close in a byte-array parser
      }
      slot.parser = null;
      slot.feeder = null;
    }
  }
}
