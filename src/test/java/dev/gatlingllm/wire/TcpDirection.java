package dev.gatlingllm.wire;

import java.util.Map;
import java.util.TreeMap;

/**
 * One direction of a TCP connection put back in order. Each byte is handed on with the time it
 * became readable by the receiving application: its own segment's capture time, or for a segment
 * captured ahead of a gap, the time of the segment that filled the gap. Retransmitted bytes are
 * handed on once.
 */
final class TcpDirection {
  /** Receives the bytes in stream order. */
  interface Sink {
    void bytes(byte[] bytes, int offset, int length, long availableNanos);

    /**
     * Bytes the capture missed (the kernel dropped them): what follows cannot be read as HTTP any
     * more.
     */
    void lost(long bytes);

    void end(long epochNanos);
  }

  /** Segments held ahead of a gap before the gap is given up as lost in the capture. */
  private static final int MAX_HELD_SEGMENTS = 4_096;

  private final Sink sink;
  private final TreeMap<Long, TcpSegment> ahead = new TreeMap<>();
  private boolean started;
  private boolean ended;
  private int nextSeq;
  private long position; // stream offset of nextSeq

  TcpDirection(Sink sink) {
    this.sink = sink;
  }

  void accept(TcpSegment segment) {
    if (segment.syn()) {
      started = true;
      nextSeq = segment.seq() + 1;
      return;
    }
    if (!started) {
      if (segment.payload().length == 0) return;
      started = true; // the capture began after the handshake
      nextSeq = segment.seq();
    }
    if (segment.payload().length > 0) {
      long at = position + (segment.seq() - nextSeq);
      if (at > position) {
        ahead.put(at, segment);
        if (ahead.size() > MAX_HELD_SEGMENTS) {
          skipGap(segment.epochNanos());
        }
      } else {
        deliver(segment, at, segment.epochNanos());
        drain(segment.epochNanos());
      }
    }
    if ((segment.fin() || segment.rst()) && !ended && ahead.isEmpty()) {
      ended = true;
      sink.end(segment.epochNanos());
    }
  }

  /** The end of the capture: a gap still open is lost. */
  void finish(long epochNanos) {
    if (!ahead.isEmpty()) {
      skipGap(epochNanos);
    }
  }

  private void deliver(TcpSegment segment, long at, long availableNanos) {
    int skip = (int) (position - at);
    int length = segment.payload().length - skip;
    if (length <= 0) return; // all of it was handed on already
    sink.bytes(segment.payload(), skip, length, availableNanos);
    position += length;
    nextSeq += length;
  }

  private void drain(long fillNanos) {
    while (!ahead.isEmpty() && ahead.firstKey() <= position) {
      Map.Entry<Long, TcpSegment> first = ahead.pollFirstEntry();
      TcpSegment held = first.getValue();
      deliver(held, first.getKey(), Math.max(fillNanos, held.epochNanos()));
    }
  }

  private void skipGap(long epochNanos) {
    long gap = ahead.firstKey() - position;
    sink.lost(gap);
    nextSeq += (int) gap;
    position += gap;
    drain(epochNanos);
  }
}
