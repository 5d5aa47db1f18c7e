package dev.gatlingllm.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.core.spi.FilterReply;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class UserErrorLinesTest {
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final UserErrorLines filter =
      new UserErrorLines(new PrintStream(printed, true, StandardCharsets.UTF_8), false);

  @Test
  void aCrashOnAUserErrorIsItsLineAlone() {
    // As Gatling logs a simulation whose constructor threw: the error wrapped by reflection.
    Throwable crash =
        new InvocationTargetException(new UserError("llm.seed must be an integer, was 'abc'"));
    assertEquals(
        FilterReply.DENY, filter.decide(null, null, Level.ERROR, "Run crashed", null, crash));
    assertEquals(
        "gatling-llm: llm.seed must be an integer, was 'abc'\n",
        printed.toString(StandardCharsets.UTF_8).replace("\r", ""));
    assertEquals(0, new UserError("x").getStackTrace().length, "no stack to print");
  }

  @Test
  void anyOtherFailureKeepsItsStack() {
    Throwable bug = new InvocationTargetException(new IllegalArgumentException("a bug"));
    assertEquals(
        FilterReply.NEUTRAL, filter.decide(null, null, Level.ERROR, "Run crashed", null, bug));
    assertEquals(FilterReply.NEUTRAL, filter.decide(null, null, Level.DEBUG, "Read", null, null));
    assertEquals("", printed.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aLineAlreadySaidIsNotSaidAgain() {
    UserError said = new UserError("no load sent: cannot connect", true) {};
    assertEquals(FilterReply.DENY, filter.decide(null, null, Level.ERROR, "x", null, said));
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
