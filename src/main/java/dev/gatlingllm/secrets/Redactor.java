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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hides secrets in any text that may reach an output (records, session values, report files,
 * console, logs). A load test targets gateways that echo what they receive, so a server's error
 * text may carry the very key the request sent: every server-provided text is passed through the
 * request's redactor once, where the request's outcome is made, and every consumer only ever sees
 * the result.
 *
 * <p>A gateway may echo a secret encoded: URL-encoded, JSON-escaped (a backslash-u escape for any
 * character, {@code \/}), upper- or lower-cased, or inside a base64 blob. Each of these forms is
 * hidden too: the text is searched as it is (for the secret as given, upper- and lower-cased), and,
 * when it holds {@code %XX}, backslash-u or {@code \/} escapes, decoded with case ignored; the
 * stable middle of the secret's base64 encoding at each of the three byte alignments is searched as
 * well. A secret shorter than {@value #MIN_PIECEWISE_LENGTH} characters is hidden only where it
 * stands alone (not inside a longer word or number, nor encoded): a key {@code 4} leaves {@code
 * HTTP 401} as it is.
 *
 * <p>Immutable and thread-safe; the forms of each secret are computed once, when the redactor is
 * made. The static helpers cover what is known by name or by shape rather than by value: header and
 * metadata names that look like secrets, URLs with user info or a query string.
 */
public final class Redactor {
  /** What a secret is replaced by. */
  public static final String MASK = "***";

  /**
   * Secrets shorter than this are hidden only where they stand alone, and never in an encoded form.
   */
  public static final int MIN_PIECEWISE_LENGTH = 8;

  /** A redactor that knows no secret (texts pass unchanged). */
  public static final Redactor NONE = new Redactor(Set.of());

  /** Words of a header, metadata or query-parameter name that mark its value as a secret. */
  private static final Set<String> SECRET_WORDS =
      Set.of(
          "token",
          "key",
          "apikey",
          "secret",
          "password",
          "passwd",
          "pwd",
          "authorization",
          "auth",
          "bearer",
          "credential",
          "credentials",
          "signature",
          "sig");

  private static final Pattern NAME_WORDS = Pattern.compile("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])");

  /**
   * Values that are credentials by their shape, whatever their name (OpenAI, Hugging Face, Groq
   * keys...).
   */
  private static final Pattern SECRET_VALUE =
      Pattern.compile(
          "(?i)^\\s*(bearer\\s+\\S+|basic\\s+\\S+|sk-[A-Za-z0-9_-]{8,}.*|hf_[A-Za-z0-9]{8,}.*|gsk_[A-Za-z0-9]{8,}.*)$");

  private static final Pattern URL_USER_INFO = Pattern.compile("(?<=://)[^/@?#\\s]*@");

  /**
   * {@code name=value} or {@code name: value} (a query parameter, a DSN keyword, a header line),
   * with an optional auth scheme before the value ({@code Authorization: Bearer <key>}).
   */
  private static final Pattern NAMED_VALUE =
      Pattern.compile(
          "(?<name>[A-Za-z][A-Za-z0-9_.-]*)"
              + "(?<sep>\\s*[:=]\\s*(?:(?i:bearer|basic|token)\\s+)?)(?<value>[^\\s,;&\\]}'\")]+)");

  private static final Pattern BEARER = Pattern.compile("(?i)(?<=\\bbearer\\s)[A-Za-z0-9._~+/=-]+");

  /**
   * A {@code Cookie} or {@code Set-Cookie} header's whole value: a server may set the key (or a
   * session standing for it) as a cookie of any name, and Gatling's HTTP client at DEBUG prints
   * response headers.
   */
  private static final Pattern COOKIE_VALUE =
      Pattern.compile("(?i)\\b(?:set-)?cookie\\s*:\\s*(?<value>[^\\r\\n]+)");

  /** The password of curl's {@code -u user:password} (or {@code --user}), in a command line. */
  private static final Pattern CURL_USER_PASSWORD =
      Pattern.compile("(?:^|\\s)(?:-u|--user)(?:\\s+|=)[^:\\s]*:(?<value>\\S+)");

  /** The secrets as given, for {@link #with} and {@link #toString}. */
  private final Set<String> secrets;

  /**
   * The forms searched, from every secret; longest first, so that a secret holding another is
   * replaced whole.
   */
  private final List<SecretForms> forms;

  private Redactor(Set<String> secrets) {
    this.secrets = secrets;
    List<SecretForms> all = new ArrayList<>();
    for (String secret : secrets) {
      all.add(SecretForms.of(secret));
    }
    all.sort(Comparator.comparingInt((SecretForms f) -> f.secret().length()).reversed());
    this.forms = List.copyOf(all);
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
      }
    }
    if (all.size() == secrets.size()) {
      return this;
    }
    return new Redactor(Collections.unmodifiableSet(all));
  }

  /**
   * The secret of one credential header: its value, or for {@code <scheme> <credentials>} the
   * credentials alone, so that an echoed {@code Bearer <key>} reads {@code Bearer ***} (the scheme
   * tells which header).
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
   * The secrets of headers known to carry credentials whatever their names (an API's auth headers),
   * each as {@link #headerSecrets} takes it from a credential header.
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

  /**
   * {@code text} with every known secret, in any of the forms the class describes, replaced by
   * {@value #MASK}; null stays null. Cost: a few {@code indexOf} scans per secret, so it suits
   * messages and answers, once each.
   */
  public String redact(String text) {
    if (text == null || forms.isEmpty() || text.isEmpty()) {
      return text;
    }
    DecodedText decoded = DecodedText.of(text);
    Spans found = new Spans();
    for (SecretForms secret : forms) {
      secret.find(decoded, found);
    }
    return found.replaceIn(text, MASK);
  }

  /**
   * Whether a header, metadata or query-parameter name marks its value as secret: one of its words
   * (split on punctuation and camelCase) is {@code token}, {@code key}, {@code secret}, {@code
   * password}, {@code authorization}... So {@code HF_TOKEN}, {@code x-api-key}, {@code apiKey} are;
   * {@code max_tokens}, {@code tokenizer} are not.
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

  /**
   * Whether a value looks like a credential by its shape ({@code Bearer ...}, {@code sk-...},
   * {@code hf_...}).
   */
  public static boolean looksLikeSecret(String value) {
    return value != null && SECRET_VALUE.matcher(value).matches();
  }

  /**
   * Labels with the values of secret-looking ones (by name or by shape) replaced by {@value #MASK},
   * and in every other value the user info of URLs and DSNs and the values of secret-named
   * parameters hidden ({@link #credentialsIn}); order kept.
   */
  public static Map<String, String> metadata(Map<String, String> labels) {
    if (labels == null || labels.isEmpty()) {
      return Map.of();
    }
    Map<String, String> safe = new LinkedHashMap<>();
    labels.forEach(
        (key, value) ->
            safe.put(key, isSecretName(key) ? MASK : setting(value == null ? "" : value)));
    return Collections.unmodifiableMap(safe);
  }

  /**
   * A setting's value safe to print (in an error naming the setting, in a report): {@value #MASK}
   * when its shape says it is a key, else the value with {@link #credentialsIn} applied. By value
   * only: the names of settings ({@code llm.tokenRecords}) hold words that mark secrets elsewhere.
   */
  public static String setting(String value) {
    if (value == null) {
      return null;
    }
    return looksLikeSecret(value) ? MASK : credentialsIn(value);
  }

  /**
   * A free text with the credentials that show by their place hidden: the user info of every URL or
   * DSN ({@code postgres://app:pw@db} -> {@code postgres://***@db}), the value of every
   * secret-named {@code name=value} or {@code name: value} ({@code ?api_key=***}, {@code
   * password=***}, {@code Authorization: Bearer ***}), every Bearer token, the whole value of a
   * {@code Cookie} or {@code Set-Cookie} header and the password of curl's {@code -u user:pass}.
   * Other query values stay (unlike {@link #url}).
   */
  public static String credentialsIn(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String clean = URL_USER_INFO.matcher(text).replaceAll(MASK + "@");
    Spans values = new Spans();
    Matcher named = NAMED_VALUE.matcher(clean);
    int from = 0;
    while (named.find(from)) {
      if (isSecretName(named.group("name"))) {
        values.add(named.start("value"), named.end("value"));
        from = named.end();
      } else {
        // Not a secret: what follows its name may still hold one (the query of
        // http://host/v1?api_key=k).
        from = named.end("name");
      }
    }
    Matcher bearer = BEARER.matcher(clean);
    while (bearer.find()) {
      values.add(bearer.start(), bearer.end());
    }
    for (Pattern whole : List.of(COOKIE_VALUE, CURL_USER_PASSWORD)) {
      Matcher found = whole.matcher(clean);
      while (found.find()) {
        values.add(found.start("value"), found.end("value"));
      }
    }
    return values.replaceIn(clean, MASK);
  }

  /**
   * A URL safe to print: its user info becomes {@value #MASK} and every query value too, since both
   * are places where keys get passed ({@code http://user:pass@host/v1?api_key=k} -> {@code
   * http://***@host/v1?api_key=***}). Null stays null.
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
    String params =
        fragment < 0 ? clean.substring(query + 1) : clean.substring(query + 1, fragment);
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

  /**
   * The secret values of a URL ({@link #urlSecrets(String, String)}); none for a text that is not a
   * URL.
   */
  public static List<String> urlSecrets(String url) {
    try {
      java.net.URI uri = java.net.URI.create(url);
      return urlSecrets(uri.getRawUserInfo(), uri.getRawQuery());
    } catch (IllegalArgumentException | NullPointerException e) {
      return List.of();
    }
  }

  /**
   * The secret values in a URL's user info and query string, to hide wherever the URL's parts
   * reappear.
   */
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
