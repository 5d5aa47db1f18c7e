package dev.gatlingllm.secrets;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Hides secrets in any text that may reach an output (records, session values, report files, console, logs).
 * A load test targets gateways that echo what they receive, so a server's error text may carry the very key
 * the request sent: every server-provided text is passed through the request's redactor once, where the
 * request's outcome is made, and every consumer only ever sees the result.
 *
 * <p>Immutable and thread-safe. The static helpers cover what is known by name or by shape rather than by
 * value: header and metadata names that look like secrets, URLs with user info or a query string.
 */
public final class Redactor {
  /** What a secret is replaced by. */
  public static final String MASK = "***";

  /** A redactor that knows no secret (texts pass unchanged). */
  public static final Redactor NONE = new Redactor(List.of());

  /** Words of a header, metadata or query-parameter name that mark its value as a secret. */
  private static final Set<String> SECRET_WORDS = Set.of("token", "key", "apikey", "secret", "password", "passwd",
      "pwd", "authorization", "auth", "bearer", "credential", "credentials", "signature", "sig");
  private static final Pattern NAME_WORDS = Pattern.compile("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])");
  /** Values that are credentials by their shape, whatever their name (OpenAI, Hugging Face, Groq keys...). */
  private static final Pattern SECRET_VALUE =
      Pattern.compile("(?i)^\\s*(bearer\\s+\\S+|basic\\s+\\S+|sk-[A-Za-z0-9_-]{8,}.*|hf_[A-Za-z0-9]{8,}.*|gsk_[A-Za-z0-9]{8,}.*)$");
  private static final Pattern URL_USER_INFO = Pattern.compile("(?<=://)[^/@?#\\s]*@");

  /** Longest first, so that a secret holding another is replaced whole. */
  private final List<String> secrets;

  private Redactor(List<String> secrets) {
    this.secrets = secrets;
  }

  /** A redactor hiding each non-blank value given (null values are skipped). */
  public static Redactor of(String... secrets) {
    return NONE.with(java.util.Arrays.asList(secrets));
  }

  /** This redactor plus the given secrets; itself when they add nothing. */
  public Redactor with(Collection<String> more) {
    Set<String> all = new LinkedHashSet<>(secrets);
    for (String secret : more) {
      if (secret != null && !secret.isBlank()) {
        all.add(secret.strip());
        // A JSON body may escape a slash: a base64 key then comes back as "ab\/cd".
        all.add(secret.strip().replace("/", "\\/"));
      }
    }
    if (all.size() == secrets.size()) {
      return this;
    }
    List<String> sorted = new ArrayList<>(all);
    sorted.sort(Comparator.comparingInt(String::length).reversed());
    return new Redactor(Collections.unmodifiableList(sorted));
  }

  /**
   * The secret of one credential header: its value, or for {@code <scheme> <credentials>} the credentials
   * alone, so that an echoed {@code Bearer <key>} reads {@code Bearer ***} (the scheme tells which header).
   */
  public static List<String> headerSecrets(String name, String value) {
    return isSecretName(name) ? credentialSecret(value) : List.of();
  }

  private static List<String> credentialSecret(String value) {
    if (value == null || value.isBlank()) {
      return List.of();
    }
    String stripped = value.strip();
    int space = stripped.indexOf(' ');
    return List.of(space < 0 ? stripped : stripped.substring(space + 1).strip());
  }

  /**
   * The secrets of headers known to carry credentials whatever their names (an API's auth headers), each as
   * {@link #headerSecrets} takes it from a credential header.
   */
  public static List<String> credentialSecrets(Map<String, String> credentialHeaders) {
    List<String> found = new ArrayList<>();
    for (String value : credentialHeaders.values()) {
      found.addAll(credentialSecret(value));
    }
    return found;
  }

  /** True when no secret is known. */
  public boolean isEmpty() {
    return secrets.isEmpty();
  }

  /** {@code text} with every known secret replaced by {@value #MASK}; null stays null. */
  public String redact(String text) {
    if (text == null || secrets.isEmpty()) {
      return text;
    }
    String result = text;
    for (String secret : secrets) {
      if (result.contains(secret)) {
        result = result.replace(secret, MASK);
      }
    }
    return result;
  }

  /**
   * Whether a header, metadata or query-parameter name marks its value as secret: one of its words (split on
   * punctuation and camelCase) is {@code token}, {@code key}, {@code secret}, {@code password},
   * {@code authorization}... So {@code HF_TOKEN}, {@code x-api-key}, {@code apiKey} are; {@code max_tokens},
   * {@code tokenizer} are not.
   */
  public static boolean isSecretName(String name) {
    if (name == null) {
      return false;
    }
    for (String word : NAME_WORDS.split(name)) {
      if (SECRET_WORDS.contains(word.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a value looks like a credential by its shape ({@code Bearer ...}, {@code sk-...}, {@code hf_...}). */
  public static boolean looksLikeSecret(String value) {
    return value != null && SECRET_VALUE.matcher(value).matches();
  }

  /** Labels with the values of secret-looking ones (by name or by shape) replaced by {@value #MASK}; order kept. */
  public static Map<String, String> metadata(Map<String, String> labels) {
    if (labels == null || labels.isEmpty()) {
      return Map.of();
    }
    Map<String, String> safe = new LinkedHashMap<>();
    labels.forEach((key, value) ->
        safe.put(key, isSecretName(key) || looksLikeSecret(value) ? MASK : value == null ? "" : value));
    return Collections.unmodifiableMap(safe);
  }

  /**
   * A URL safe to print: its user info becomes {@value #MASK} and every query value too, since both are places
   * where keys get passed ({@code http://user:pass@host/v1?api_key=k} -> {@code http://***@host/v1?api_key=***}).
   * Null stays null.
   */
  public static String url(String url) {
    if (url == null) {
      return null;
    }
    String clean = URL_USER_INFO.matcher(url).replaceFirst(MASK + "@");
    int query = clean.indexOf('?');
    if (query < 0) {
      return clean;
    }
    int fragment = clean.indexOf('#', query);
    String params = fragment < 0 ? clean.substring(query + 1) : clean.substring(query + 1, fragment);
    StringBuilder out = new StringBuilder(clean.length()).append(clean, 0, query + 1);
    String[] pairs = params.split("&", -1);
    for (int i = 0; i < pairs.length; i++) {
      if (i > 0) {
        out.append('&');
      }
      int equals = pairs[i].indexOf('=');
      out.append(equals < 0 ? pairs[i] : pairs[i].substring(0, equals + 1) + MASK);
    }
    return fragment < 0 ? out.toString() : out.append(clean, fragment, clean.length()).toString();
  }

  /** The secret values in a URL's user info and query string, to hide wherever the URL's parts reappear. */
  public static List<String> urlSecrets(String userInfo, String query) {
    List<String> found = new ArrayList<>();
    if (userInfo != null && !userInfo.isBlank()) {
      found.add(userInfo);
      int colon = userInfo.indexOf(':');
      if (colon >= 0) {
        found.add(userInfo.substring(colon + 1));
      }
    }
    if (query != null) {
      for (String pair : query.split("&")) {
        int equals = pair.indexOf('=');
        if (equals > 0 && isSecretName(pair.substring(0, equals))) {
          found.add(pair.substring(equals + 1));
        }
      }
    }
    return found;
  }

  @Override
  public String toString() {
    // Never print the secrets themselves.
    return "Redactor[" + secrets.size() + " secrets]";
  }
}
