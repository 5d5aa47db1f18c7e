package dev.gatlingllm.e2e;

import java.util.List;

/**
 * A JVM that forks the Gatling JVM and waits for it, as Maven's Gatling plugin does: what {@link
 * InterruptedRunEndToEndTest} stops in the child's place to see the child stop with it.
 */
public final class ParentLauncher {
  private ParentLauncher() {}

  /**
   * @param args the child's command line
   */
  public static void main(String[] args) throws Exception {
    System.exit(new ProcessBuilder(List.of(args)).inheritIO().start().waitFor());
  }
}
