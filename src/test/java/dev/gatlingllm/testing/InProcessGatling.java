package dev.gatlingllm.testing;

import io.gatling.app.Gatling$;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Runs a simulation in this JVM, without Gatling's HTML report, and keeps what it printed. */
public final class InProcessGatling {
  private InProcessGatling() {}

  /**
   * @param exitCode Gatling's: 0 when every assertion passed, 2 when one failed
   * @param console what Gatling printed, its assertion results included
   */
  public record Run(int exitCode, String console) {
    /** The end of the console, for a failure message. */
    public String tail() {
      return console.length() > 2_000 ? console.substring(console.length() - 2_000) : console;
    }
  }

  public static Run run(Class<?> simulation, Path results) {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream original = System.out;
    PrintStream tee = new PrintStream(new Tee(original, console), true, StandardCharsets.UTF_8);
    try {
      // Gatling prints its assertion results through Scala's Console, which keeps the stream it first saw.
      System.setOut(tee);
      int exit = scala.Console$.MODULE$.withOut(tee, () -> Gatling$.MODULE$.fromArgs(new String[] {
          "--simulation", simulation.getName(), "--results-folder", results.toString(), "--no-reports"}));
      return new Run(exit, console.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(original);
    }
  }
}
