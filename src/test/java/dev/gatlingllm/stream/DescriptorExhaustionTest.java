package dev.gatlingllm.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A JVM under {@code ulimit -n 256} that runs out of descriptors: with the failure path loaded
 * before (as the protocol does before any request), the failure that follows is described as a KO
 * message naming the cause, instead of {@code NoClassDefFoundError} for the class that would
 * describe it (the hostile pass's 113 requests sent, 0 rows). A child JVM, as the limit is the
 * process's; it takes about a second.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class DescriptorExhaustionTest {

  /** The child: loads the failure path, uses up every descriptor, then describes the failure. */
  public static void main(String[] args) throws Exception {
    FailurePaths.loadNow();
    List<InputStream> held = new ArrayList<>();
    IOException failure = null;
    try {
      while (held.size() < 100_000) {
        held.add(Files.newInputStream(Path.of("/dev/null")));
      }
    } catch (IOException e) {
      failure = e;
    }
    String message = failure == null ? "no failure" : TransportErrors.describe(failure);
    for (InputStream in : held) {
      in.close();
    }
    System.out.println("held " + held.size() + ": " + message);
  }

  @Test
  void aRequestWithoutADescriptorIsAKoNamingTheCauseNotAClassThatCannotLoad() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                "/bin/sh",
                "-c",
                "ulimit -n 256 && exec \"$0\" -cp \"$1\" "
                    + DescriptorExhaustionTest.class.getName(),
                java,
                System.getProperty("java.class.path"))
            .redirectErrorStream(true)
            .start();
    assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child ended");
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, child.exitValue(), output);
    assertTrue(
        output.strip().matches("held \\d+: " + Pattern.quote(TransportErrors.NO_DESCRIPTOR)),
        output);
    int held = Integer.parseInt(output.strip().split(" ")[1].replace(":", ""));
    assertTrue(held > 50 && held < 256, "the limit was the child's own: " + output);
  }
}
