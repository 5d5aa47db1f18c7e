package dev.gatlingllm.secrets;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The places of a text to hide, each {@code [start, end)}; overlapping ones become one. */
final class Spans {
  private final List<int[]> spans = new ArrayList<>();

  void add(int start, int end) {
    spans.add(new int[] {start, end});
  }

  /**
   * {@code text} with each place (overlapping ones merged) replaced by {@code mask}; itself when
   * none.
   */
  String replaceIn(String text, String mask) {
    if (spans.isEmpty()) {
      return text;
    }
    spans.sort(Comparator.comparingInt((int[] span) -> span[0]));
    StringBuilder out = new StringBuilder(text.length());
    int copied = 0;
    int i = 0;
    while (i < spans.size()) {
      int start = spans.get(i)[0];
      int end = spans.get(i)[1];
      for (i++; i < spans.size() && spans.get(i)[0] < end; i++) {
        end = Math.max(end, spans.get(i)[1]);
      }
      out.append(text, copied, start).append(mask);
      copied = end;
    }
    return out.append(text, copied, text.length()).toString();
  }
}
