package dev.gatlingllm.dsl;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Says, once per simulation class, when the class calling the DSL was compiled for a Java release
 * below 17. The DSL's types include records (Java 17): such a build compiles until its first use of
 * one, then fails with javac's {@code cannot access java.lang.Record}, which names neither the
 * cause nor the fix. A build that got this far is told before it gets there.
 */
final class CompiledRelease {
  /** The class file version of Java 17, the release the plugin is compiled for. */
  static final int JAVA_17 = 61;

  private static final int JAVA_VERSION_OFFSET = 44;
  private static final int CLASS_FILE_MAGIC = 0xCAFEBABE;
  private static final Set<Class<?>> TOLD = ConcurrentHashMap.newKeySet();

  private CompiledRelease() {}

  /** Prints {@link #note}'s line, the first time for this class. */
  static void tellIfBelow17(Class<?> caller) {
    if (TOLD.add(caller)) {
      String note = note(caller);
      if (note != null) {
        System.out.println(note);
      }
    }
  }

  /**
   * @return the line for a class compiled for a release below 17, else null (and null when its
   *     class file cannot be read: nothing is known)
   */
  static String note(Class<?> caller) {
    int major = classFileMajor(caller);
    if (major <= 0 || major >= JAVA_17) {
      return null;
    }
    return "gatling-llm: "
        + caller.getName()
        + " is compiled for Java "
        + (major - JAVA_VERSION_OFFSET)
        + "; compile your simulations with release 17 (<maven.compiler.release>17</maven.compiler.release>,"
        + " Gradle's options.release = 17): the DSL's types include records, and a build for "
        + (major - JAVA_VERSION_OFFSET)
        + " fails at its first use of one with 'cannot access java.lang.Record'";
  }

  private static int classFileMajor(Class<?> type) {
    String file = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
    try (InputStream in = type.getResourceAsStream(file)) {
      if (in == null) {
        return -1;
      }
      DataInputStream data = new DataInputStream(in);
      if (data.readInt() != CLASS_FILE_MAGIC) {
        return -1;
      }
      data.readUnsignedShort(); // minor version
      return data.readUnsignedShort();
    } catch (IOException e) {
      return -1;
    }
  }
}
