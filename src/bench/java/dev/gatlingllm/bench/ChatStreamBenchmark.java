package dev.gatlingllm.bench;

import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.StreamSignals;
import dev.gatlingllm.api.openai.BenchInterpreters;
import dev.gatlingllm.sse.SseDecoder;
import dev.gatlingllm.values.OutputKind;
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
 * Decoder and OpenAI chat dialect together, as the client runs them per streamed event: bytes in,
 * content signals out. One operation is one event; run with {@code -prof gc} for bytes allocated
 * per event. {@code json}: {@code cursor} (the plugin's way: {@code Utf8JsonCursor}, Jackson for
 * the events it leaves) or {@code jackson} (Jackson's parser for every event), measured side by
 * side.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ChatStreamBenchmark {
  static final int EVENTS = 1024;
  static final int READ_BYTES = 512;

  @Param({"cursor", "jackson"})
  String json;

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
    run(oneToken, bh);
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public void longEvents(Blackhole bh) {
    run(longEvents, bh);
  }

  private void run(byte[] stream, Blackhole bh) {
    StreamInterpreter interpreter = BenchInterpreters.chat(json);
    Signals signals = new Signals(bh);
    SseDecoder decoder = new SseDecoder(event -> interpreter.onFrame(event, signals));
    for (int offset = 0; offset < stream.length; offset += READ_BYTES) {
      decoder.feed(stream, offset, Math.min(READ_BYTES, stream.length - offset));
    }
    bh.consume(decoder.finish());
  }

  private static final class Signals implements StreamSignals {
    private final Blackhole bh;

    Signals(Blackhole bh) {
      this.bh = bh;
    }

    @Override
    public void onOutput(OutputKind kind, String text) {
      bh.consume(text);
    }

    @Override
    public void onUsage(long promptTokens, long completionTokens) {
      bh.consume(completionTokens);
    }

    @Override
    public void onFinish(String reason) {
      bh.consume(reason);
    }

    @Override
    public void onStreamError(String message) {
      bh.consume(message);
    }

    @Override
    public void onDone() {}

    @Override
    public void onMalformed(String message) {
      throw new IllegalStateException(message);
    }
  }
}
