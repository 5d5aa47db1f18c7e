package dev.gatlingllm.api.events;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.StreamSignals;
import dev.gatlingllm.api.json.DialectJson;
import dev.gatlingllm.api.json.DoneMarker;
import dev.gatlingllm.api.json.JacksonCursor;
import dev.gatlingllm.api.json.JsonCursor;
import dev.gatlingllm.api.json.Utf8JsonCursor;
import dev.gatlingllm.framing.Frame;
import java.io.IOException;

/**
 * Reads streams whose every event is one JSON object naming its kind in a top-level {@code "type"}
 * field (Anthropic Messages, OpenAI Responses). The meaning of a field depends on that type ({@code
 * "delta"} is the answer in one event and tool-call arguments in another) and JSON does not order
 * fields, so an event is read twice: a first pass finds the type (one field in, when it comes first
 * as the APIs send it), the second reads the fields knowing it. Both passes use {@link
 * Utf8JsonCursor}, and Jackson for what it leaves.
 *
 * <p>The SSE event name is not used: the type in the data says the same, and stays when the framing
 * has no names (NDJSON). Unknown types are read, to catch broken JSON, and carry nothing.
 */
public abstract class TypedEventInterpreter implements StreamInterpreter {
  /** An event without a type, or of a type the dialect does not handle. */
  protected static final int UNKNOWN = 0;

  private static final JsonFactory FACTORY = DialectJson.FACTORY;

  private final Utf8JsonCursor fast = new Utf8JsonCursor();

  /** What the event being read carries; subclasses add to it from {@link #readField}. */
  protected final PendingSignals pending = new PendingSignals();

  @Override
  public final void onFrame(Frame frame, StreamSignals signals) {
    byte[] data = frame.dataBytes();
    int offset = frame.dataOffset();
    int end = offset + frame.dataLength();
    int start = DoneMarker.skipWhitespace(data, offset, end);
    if (start == end) {
      return; // an empty data line carries nothing; some proxies send one as a keep-alive
    }
    if (DoneMarker.isDone(data, start, end)) {
      signals.onDone(); // not part of these APIs, but compatible servers add it
      return;
    }
    pending.clear();
    if (!parse(data, offset, frame.dataLength())) {
      pending.clear();
      // Both dialects reading typed events stream SSE.
      signals.onMalformed(
          "invalid JSON in SSE event: " + DialectJson.excerpt(data, offset, frame.dataLength()));
      return;
    }
    pending.emitTo(signals);
  }

  /**
   * The code of the event type the cursor is on (a string); {@link #UNKNOWN} for one not handled.
   * Compare with {@link JsonCursor#textEquals}: no String per event.
   */
  protected abstract int eventType(JsonCursor json) throws IOException;

  /**
   * One top-level field of an event of a known type, other than {@code type}, the cursor on its
   * value: read it into {@link #pending}, or skip it ({@link JsonCursor#skipChildren}).
   */
  protected abstract void readField(int type, JsonCursor json, JsonToken value) throws IOException;

  /**
   * Called before the fields of an event are read (again, when Jackson rereads it): clear per-event
   * state.
   */
  protected void startEvent() {}

  /** Called once the whole event was read, before its signals are handed over. */
  protected void endEvent(int type) {}

  private boolean parse(byte[] data, int offset, int length) {
    try {
      int type = findType(fast.reset(data, offset, length));
      return read(type, fast.reset(data, offset, length));
    } catch (IOException leftToJackson) {
      pending.clear();
    }
    try {
      int type;
      try (Closing first = new Closing(data, offset, length)) {
        type = findType(first.cursor);
      }
      try (Closing second = new Closing(data, offset, length)) {
        return read(type, second.cursor);
      }
    } catch (IOException e) {
      return false;
    }
  }

  /** A Jackson cursor closed after use. */
  private static final class Closing implements AutoCloseable {
    final JacksonCursor cursor;

    Closing(byte[] data, int offset, int length) throws IOException {
      cursor = JacksonCursor.open(FACTORY, data, offset, length);
    }

    @Override
    public void close() {
      cursor.close();
    }
  }

  /**
   * The first pass: the type, as soon as it is found. The second pass judges whether the event is
   * well formed.
   */
  private int findType(JsonCursor json) throws IOException {
    if (json.nextToken() != JsonToken.START_OBJECT) {
      return UNKNOWN;
    }
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      JsonToken value = json.nextToken();
      if (json.nameIs("type")) {
        return value == JsonToken.VALUE_STRING ? eventType(json) : UNKNOWN;
      }
      json.skipChildren();
    }
    return UNKNOWN;
  }

  /** The second pass; false when the data is not one well-formed JSON object. */
  private boolean read(int type, JsonCursor json) throws IOException {
    if (json.nextToken() != JsonToken.START_OBJECT) {
      return false;
    }
    startEvent();
    JsonToken token;
    while ((token = json.nextToken()) == JsonToken.FIELD_NAME) {
      JsonToken value = json.nextToken();
      if (json.nameIs("type")) {
        json.skipChildren();
      } else if (type != UNKNOWN) {
        readField(type, json, value);
      } else if (json.nameIs("error") && value != JsonToken.VALUE_NULL) {
        // An event of another type carries nothing, unless a gateway put an OpenAI-style error in
        // it.
        pending.error(errorText(json, value));
      } else {
        json.skipChildren();
      }
    }
    if (token != JsonToken.END_OBJECT || !json.atEnd()) {
      return false;
    }
    endEvent(type);
    return true;
  }

  // ---- helpers for the dialects

  /** Walks the fields of the object the cursor is on, handing each to {@code reader}. */
  protected static void readObject(JsonCursor json, FieldReader reader) throws IOException {
    while (json.nextToken() == JsonToken.FIELD_NAME) {
      reader.read(json, json.nextToken());
    }
  }

  /** Reads one field of an object; must consume the value. */
  @FunctionalInterface
  protected interface FieldReader {
    void read(JsonCursor json, JsonToken value) throws IOException;
  }

  /**
   * An error object ({@code {"type"|"code":..,"message":..}}) as {@code "<code or type>:
   * <message>"}, the cursor on its START_OBJECT; or the text of an error given as a string.
   */
  protected static String errorText(JsonCursor json, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_STRING) {
      return json.text();
    }
    if (value != JsonToken.START_OBJECT) {
      json.skipChildren();
      return "error without message";
    }
    ErrorFields fields = new ErrorFields();
    readObject(json, fields);
    return fields.text();
  }

  /**
   * The fields of an error object that make its message; the rest (param, request ids) are skipped.
   */
  protected static final class ErrorFields implements FieldReader {
    public ErrorFields() {}

    private String code;
    private String type;
    private String message;

    @Override
    public void read(JsonCursor json, JsonToken value) throws IOException {
      if (value == JsonToken.VALUE_STRING && json.nameIs("code")) {
        code = json.text();
      } else if (value == JsonToken.VALUE_STRING && json.nameIs("type")) {
        type = json.text();
      } else if (value == JsonToken.VALUE_STRING && json.nameIs("message")) {
        message = json.text();
      } else {
        json.skipChildren();
      }
    }

    /**
     * {@code "<code>: <message>"}, the type standing in for a missing code; what there is of it
     * otherwise.
     */
    public String text() {
      String label = code != null && !code.isBlank() ? code : type;
      boolean hasMessage = message != null && !message.isBlank();
      if (label == null || label.isBlank()) {
        return hasMessage ? message : "error without message";
      }
      return hasMessage ? label + ": " + message : label;
    }
  }
}
