package dev.gatlingllm.tokenize;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import com.knuddels.jtokkit.api.IntArrayList;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.values.Tokenizer;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * OpenAI's BPE encodings ({@code cl100k_base}, {@code o200k_base}, ...) through JTokkit.
 * Thread-safe.
 */
public final class JTokkitTokenizer implements Tokenizer {
  /** Loaded once: building an encoding reads its whole vocabulary. */
  private static final EncodingRegistry REGISTRY = Encodings.newLazyEncodingRegistry();

  private final Encoding encoding;

  private JTokkitTokenizer(Encoding encoding) {
    this.encoding = encoding;
  }

  /** By encoding name, e.g. {@code cl100k_base}; the error lists the known names. */
  public static JTokkitTokenizer of(String encodingName) {
    EncodingType type =
        EncodingType.fromName(encodingName)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "unknown tokenizer encoding '"
                            + Redactor.setting(encodingName)
                            + "', known: "
                            + Arrays.stream(EncodingType.values())
                                .map(EncodingType::getName)
                                .collect(Collectors.joining(", "))));
    return new JTokkitTokenizer(REGISTRY.getEncoding(type));
  }

  @Override
  public String name() {
    return encoding.getName();
  }

  @Override
  public int[] encode(String text) {
    IntArrayList ids = encoding.encodeOrdinary(text);
    int[] out = new int[ids.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ids.get(i);
    }
    return out;
  }

  @Override
  public String decode(int[] ids) {
    IntArrayList list = new IntArrayList(ids.length);
    for (int id : ids) {
      list.add(id);
    }
    return encoding.decode(list);
  }

  @Override
  public int count(String text) {
    return encoding.countTokensOrdinary(text);
  }
}
