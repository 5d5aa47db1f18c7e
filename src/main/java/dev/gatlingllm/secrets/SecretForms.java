package dev.gatlingllm.secrets;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The forms of one secret a text is searched for, computed once: the secret as given, upper-cased
 * and lower-cased (in the text as it is), lower-cased again (in the lower-cased decoded text, so
 * that any mix of case and escapes is found), and the stable middles of its base64 encoding.
 *
 * <p>Base64 turns 3 bytes into 4 characters, so a secret inside a longer blob is encoded
 * differently depending on how many bytes (0, 1 or 2) of its 3-byte group come before it; the
 * characters that mix in a neighbour's bits differ from blob to blob, the ones between are the same
 * in every blob. Those middles, in the standard and the URL-safe alphabet, are what is searched (as
 * secret scanners do).
 *
 * @param secret the secret as given
 * @param cases the secret as given, upper-cased and lower-cased, each once
 * @param lower the secret lower-cased, char by char
 * @param base64Middles the stable middles, empty for a short secret
 * @param piecewise false for a secret shorter than {@link Redactor#MIN_PIECEWISE_LENGTH}: hidden
 *     only where it stands alone
 */
record SecretForms(
    String secret,
    List<String> cases,
    String lower,
    List<String> base64Middles,
    boolean piecewise) {

  static SecretForms of(String secret) {
    boolean piecewise = secret.length() >= Redactor.MIN_PIECEWISE_LENGTH;
    String lower = DecodedText.lower(secret);
    Set<String> cases =
        new LinkedHashSet<>(List.of(secret, secret.toUpperCase(Locale.ROOT), lower));
    // A form whose length differs would put the mask in the wrong place; the decoded search still
    // finds it.
    cases.removeIf(form -> form.length() != secret.length());
    return new SecretForms(
        secret,
        List.copyOf(cases),
        lower,
        piecewise ? base64Middles(secret) : List.of(),
        piecewise);
  }

  /** The middle of the secret's base64 encoding at each alignment, in both alphabets. */
  static List<String> base64Middles(String secret) {
    byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
    Set<String> middles = new LinkedHashSet<>();
    for (int before = 0; before < 3; before++) {
      byte[] shifted = new byte[before + bytes.length];
      System.arraycopy(bytes, 0, shifted, before, bytes.length);
      String encoded = Base64.getEncoder().withoutPadding().encodeToString(shifted);
      // Characters 0..first-1 hold bits of the bytes before; from 'end' on, bits of the bytes
      // after.
      int first = (before * 8 + 5) / 6;
      int end = shifted.length * 8 / 6;
      if (end - first >= Redactor.MIN_PIECEWISE_LENGTH) {
        String middle = encoded.substring(first, end);
        middles.add(middle);
        middles.add(middle.replace('+', '-').replace('/', '_'));
      }
    }
    return List.copyOf(middles);
  }

  /** Adds where {@code text} holds this secret, in raw-text coordinates. */
  void find(DecodedText text, Spans found) {
    for (String form : cases) {
      if (piecewise) {
        findAll(text.raw(), form, null, found);
      } else {
        findAlone(text.raw(), form, found);
      }
    }
    if (!piecewise) {
      return;
    }
    for (String middle : base64Middles) {
      if (middle.length() <= text.longestBlob()) {
        findAll(text.raw(), middle, null, found);
      }
    }
    if (text.decoded() != null) {
      findAll(text.decodedLower(), lower, text, found);
      for (String middle : base64Middles) {
        if (middle.length() <= text.longestBlob()) {
          findAll(text.decoded(), middle, text, found);
        }
      }
    }
  }

  private static void findAll(String haystack, String needle, DecodedText mapping, Spans found) {
    for (int at = haystack.indexOf(needle);
        at >= 0;
        at = haystack.indexOf(needle, at + needle.length())) {
      if (mapping == null) {
        found.add(at, at + needle.length());
      } else {
        found.add(mapping.rawIndex(at), mapping.rawIndex(at + needle.length()));
      }
    }
  }

  /**
   * A short secret only where no letter or digit touches it: a key {@code 4} is not the 4 of {@code
   * 401}.
   */
  private static void findAlone(String haystack, String form, Spans found) {
    for (int at = haystack.indexOf(form); at >= 0; at = haystack.indexOf(form, at + 1)) {
      int end = at + form.length();
      boolean alone =
          (at == 0 || !Character.isLetterOrDigit(haystack.charAt(at - 1)))
              && (end == haystack.length() || !Character.isLetterOrDigit(haystack.charAt(end)));
      if (alone) {
        found.add(at, end);
      }
    }
  }
}
