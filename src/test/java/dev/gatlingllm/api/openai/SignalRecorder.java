package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.StreamSignals;
import dev.gatlingllm.ndjson.NdjsonDecoder;
import dev.gatlingllm.sse.SseDecoder;
import dev.gatlingllm.values.OutputKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Records signals as short strings ("CONTENT:Hi", "usage:9/3", "finish:stop"...) for list
 * comparisons.
 */
public final class SignalRecorder implements StreamSignals {
  public final List<String> signals = new ArrayList<>();

  @Override
  public void onOutput(OutputKind kind, String text) {
    signals.add(kind + ":" + text);
  }

  @Override
  public void onUsage(long promptTokens, long completionTokens) {
    signals.add("usage:" + promptTokens + "/" + completionTokens);
  }

  @Override
  public void onReasoningTokens(long reasoningTokens) {
    signals.add("reasoning:" + reasoningTokens);
  }

  @Override
  public void onServerDecodeTime(long nanos) {
    signals.add("decode:" + nanos);
  }

  @Override
  public void onServerPrefillTime(long nanos) {
    signals.add("prefill:" + nanos);
  }

  @Override
  public void onFinish(String reason) {
    signals.add("finish:" + reason);
  }

  @Override
  public void onStreamError(String message) {
    signals.add("error:" + message);
  }

  @Override
  public void onDone() {
    signals.add("done");
  }

  @Override
  public void onMalformed(String message) {
    signals.add("malformed:" + message);
  }

  /**
   * Runs raw SSE text through a real decoder into the interpreter: the path production bytes take.
   */
  public static List<String> interpretSse(StreamInterpreter interpreter, String sse) {
    SignalRecorder recorder = new SignalRecorder();
    SseDecoder decoder = new SseDecoder(event -> interpreter.onFrame(event, recorder));
    byte[] bytes = sse.getBytes(StandardCharsets.UTF_8);
    decoder.feed(bytes, 0, bytes.length);
    return recorder.signals;
  }

  /**
   * A recorded stream under {@code src/test/resources/fixtures/}, e.g. {@code anthropic/text.sse}.
   */
  public static String fixture(String path) {
    try (java.io.InputStream in = SignalRecorder.class.getResourceAsStream("/fixtures/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Each argument becomes the data of one event ({@code data: <json>\n\n}). */
  public static List<String> interpretData(StreamInterpreter interpreter, String... datas) {
    StringBuilder sse = new StringBuilder();
    for (String data : datas) {
      sse.append("data: ").append(data).append("\n\n");
    }
    return interpretSse(interpreter, sse.toString());
  }

  /**
   * Runs raw NDJSON text through a real decoder into the interpreter, ending the body as a
   * transport would.
   */
  public static List<String> interpretNdjson(StreamInterpreter interpreter, String ndjson) {
    SignalRecorder recorder = new SignalRecorder();
    NdjsonDecoder decoder = new NdjsonDecoder(frame -> interpreter.onFrame(frame, recorder));
    byte[] bytes = ndjson.getBytes(StandardCharsets.UTF_8);
    decoder.feed(bytes, 0, bytes.length);
    decoder.finish();
    return recorder.signals;
  }
}
