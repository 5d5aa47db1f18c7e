package dev.gatlingllm.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.spi.FilterReply;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class UserErrorLinesTest {
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final UserErrorLines filter =
      new UserErrorLines(new PrintStream(printed, true, StandardCharsets.UTF_8), false);

  @Test
  void aCrashOnAUserErrorIsItsLineAlone() {
    // As Gatling logs a simulation whose constructor threw: the error wrapped by reflection.
    Throwable crash =
        new InvocationTargetException(new UserError("llm.seed must be an integer, was 'abc'"));
    assertEquals(FilterReply.DENY, filter.decide(event(Level.ERROR, "Run crashed", crash)));
    assertEquals(
        "gatling-llm: llm.seed must be an integer, was 'abc'\n",
        printed.toString(StandardCharsets.UTF_8).replace("\r", ""));
    assertEquals(0, new UserError("x").getStackTrace().length, "no stack to print");
  }

  @Test
  void anEventReachingTwoAppendersPrintsItsLineOnce() {
    Throwable crash = new UserError("llm.levels must be at most 100000 each, was 2147483647");
    filter.decide(event(Level.ERROR, "Run crashed", crash));
    filter.decide(event(Level.ERROR, "Run crashed", crash));
    assertEquals(
        1,
        printed.toString(StandardCharsets.UTF_8).lines().count(),
        "one line, not one per appender");
  }

  /** A logging event as logback hands it to an appender's filters. */
  private static LoggingEvent event(Level level, String message, Throwable thrown) {
    return new LoggingEvent(
        UserErrorLinesTest.class.getName(),
        (Logger) LoggerFactory.getLogger("io.gatling.app.Gatling$"),
        level,
        message,
        thrown,
        null);
  }

  @Test
  void anyOtherFailureKeepsItsStack() {
    Throwable bug = new InvocationTargetException(new IllegalArgumentException("a bug"));
    assertEquals(FilterReply.NEUTRAL, filter.decide(event(Level.ERROR, "Run crashed", bug)));
    assertEquals(FilterReply.NEUTRAL, filter.decide(event(Level.DEBUG, "Read", null)));
    assertEquals("", printed.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aLineAlreadySaidIsNotSaidAgain() {
    UserError said = new UserError("no load sent: cannot connect", true) {};
    assertEquals(FilterReply.DENY, filter.decide(event(Level.ERROR, "x", said)));
    assertEquals("", printed.toString(StandardCharsets.UTF_8));
  }

  @Test
  void gatlingsLauncherIsRecognisedByItsMainClass() {
    assertTrue(
        UserErrorLines.inGatlingsLauncher(
            "/tmp/gatlingbooter8280651385295660156.jar io.gatling.app.Gatling -s x"),
        "the Maven plugin's fork");
    assertTrue(UserErrorLines.inGatlingsLauncher("io.gatling.app.Gatling --simulation x"));
    assertTrue(UserErrorLines.inGatlingsLauncher("io.gatling.plugin.util.ForkMain /tmp/args"));
    assertFalse(
        UserErrorLines.inGatlingsLauncher(
            "/work/target/surefire/surefirebooter.jar /work/target/surefire 2026"),
        "a test JVM: no exit");
    assertFalse(UserErrorLines.inGatlingsLauncher(null));
  }
}
