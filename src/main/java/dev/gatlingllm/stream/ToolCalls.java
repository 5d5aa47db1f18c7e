package dev.gatlingllm.stream;

import dev.gatlingllm.check.ToolCall;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.Tokenizer;
import java.util.ArrayList;
import java.util.List;

/**
 * The tool calls of one stream as they arrive: a name starts a call, argument fragments extend the
 * latest one (servers stream calls one after the other). Its texts count in the exchange's output
 * bound like the answer's.
 */
final class ToolCalls {
  private final List<String> names = new ArrayList<>(1);
  private final List<StringBuilder> arguments = new ArrayList<>(1);

  void name(String name) {
    names.add(name);
    arguments.add(new StringBuilder());
  }

  void arguments(String fragment) {
    if (arguments.isEmpty()) {
      name("");
    }
    arguments.get(arguments.size() - 1).append(fragment);
  }

  /**
   * The tokens the model wrote into the calls' arguments, by {@code tokenizer}; each call counted
   * apart, as it was generated. A call's name and the framing around it (the chat template's
   * tool-call markers, which the server's parser takes out) are left out: the client never sees
   * them as the model wrote them, so it cannot count them.
   */
  long argumentTokens(Tokenizer tokenizer) {
    long count = 0;
    for (StringBuilder text : arguments) {
      count += tokenizer.count(text.toString());
    }
    return count;
  }

  /** The calls so far, redacted; an empty list (no allocation) for the many streams without any. */
  List<ToolCall> toList(Redactor redactor) {
    if (names.isEmpty()) {
      return List.of();
    }
    List<ToolCall> calls = new ArrayList<>(names.size());
    for (int i = 0; i < names.size(); i++) {
      calls.add(
          new ToolCall(
              redactor.redact(names.get(i)), redactor.redact(arguments.get(i).toString())));
    }
    return List.copyOf(calls);
  }
}
