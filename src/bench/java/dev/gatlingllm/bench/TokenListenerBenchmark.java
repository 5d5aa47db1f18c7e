package dev.gatlingllm.bench;

import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.stream.OutputListener;
import dev.gatlingllm.stream.RequestSize;
import dev.gatlingllm.stream.StreamExchange;
import dev.gatlingllm.stream.StreamSettings;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What an {@link OutputListener} costs per token event: a whole exchange (SSE decoder, dialect,
 * timeline, end) fed a stream of one-token events, {@code listener} {@code none} (the default: a
 * null check per piece of output) or {@code consume} (a listener handing each event to a
 * blackhole). One operation is one event.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TokenListenerBenchmark {
  static final int EVENTS = 1024;

  @Param({"none", "consume"})
  String listener;

  byte[] stream;
  ScheduledExecutorService timers;

  @Setup
  public void setUp() {
    byte[] events = StreamSamples.oneTokenEvents(EVENTS);
    byte[] done = "data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8);
    stream = new byte[events.length + done.length];
    System.arraycopy(events, 0, stream, 0, events.length);
    System.arraycopy(done, 0, stream, events.length, done.length);
    timers = Executors.newSingleThreadScheduledExecutor();
  }

  @TearDown
  public void tearDown() {
    timers.shutdownNow();
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public void oneTokenEvents(Blackhole bh) {
    OutputListener seen = listener.equals("none") ? null : bh::consume;
    long now = System.nanoTime();
    // Not started: no timers are armed, so the exchange's own work is all that is measured.
    StreamExchange exchange =
        new StreamExchange(
            new OpenAiChatDialect(),
            StreamSettings.DEFAULTS,
            now,
            timers,
            bh::consume,
            null,
            RequestSize.UNKNOWN,
            Redactor.NONE,
            seen);
    exchange.onRequestWritten(now);
    exchange.onResponseHeaders(200, "text/event-stream", null, now);
    for (int offset = 0; offset < stream.length; offset += ChatStreamBenchmark.READ_BYTES) {
      int length = Math.min(ChatStreamBenchmark.READ_BYTES, stream.length - offset);
      exchange.onBodyChunk(
          ByteBuffer.wrap(stream, offset, length),
          offset + length == stream.length,
          System.nanoTime());
    }
  }
}
