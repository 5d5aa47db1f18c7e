package dev.gatlingllm.logging;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import dev.gatlingllm.secrets.Redactor;

/**
 * Logback's {@code %msg} with credentials masked: Gatling's HTTP client at DEBUG writes every
 * request with its headers ({@code Authorization: Bearer <key>}, {@code x-api-key: <key>}), and so
 * would anything else that logs a header, a URL with user info or a DSN. Declared in the project's
 * logback file as the {@code %msg} converter, it masks whatever logs the line; the cost is one scan
 * of each message, nothing at the WARN level the project logs at unless something is printed.
 */
public final class SecretMaskingConverter extends MessageConverter {
  static {
    // Loads the masking's classes now, with logback's configuration: a class first needed when
    // the process is out of file descriptors (a run of thousands of streams under a low ulimit)
    // cannot be read from its jar, and the log line that would say why fails instead.
    mask("Authorization: Bearer preload");
  }

  @Override
  public String convert(ILoggingEvent event) {
    return mask(super.convert(event));
  }

  /**
   * The text with credential header values, user info and secret-named parameters replaced by
   * {@code ***}.
   */
  public static String mask(String text) {
    return Redactor.credentialsIn(text);
  }
}
