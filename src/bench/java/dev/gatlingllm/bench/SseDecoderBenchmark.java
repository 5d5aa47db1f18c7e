package dev.gatlingllm.bench;

import dev.gatlingllm.sse.SseDecoder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The SSE decoder alone: events per second on one core, fed as the network delivers them (reads of
 * {@code chunkBytes}). One operation is one event; run with {@code -prof gc} for bytes allocated
 * per event.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SseDecoderBenchmark {
  static final int EVENTS = 1024;

  @Param({"1", "512", "16384"})
  int chunkBytes;

  byte[] oneToken;
  byte[] longEvents;

  @Setup
  public void setUp() {
    oneToken = StreamSamples.oneTokenEvents(EVENTS);
    longEvents = StreamSamples.longEvents(EVENTS, 2048);
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public void oneTokenEvents(Blackhole bh) {
    decode(oneToken, bh);
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public void longEvents(Blackhole bh) {
    decode(longEvents, bh);
  }

  private void decode(byte[] stream, Blackhole bh) {
    SseDecoder decoder = new SseDecoder(event -> bh.consume(event.dataLength()));
    for (int offset = 0; offset < stream.length; offset += chunkBytes) {
      decoder.feed(stream, offset, Math.min(chunkBytes, stream.length - offset));
    }
    bh.consume(decoder.finish());
  }
}
