package dev.gatlingllm.dsl.prompts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.values.PromptAudio;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clips from files: a WAV's duration from its header (the JDK reads the synthetic clip's hand
 * written header as the simulator does), an MP3's from its size at 128 kbit/s.
 */
class AudioFilesTest {
  @TempDir Path dir;

  @Test
  void aWavFilesDurationAndBytesAreItsOwn() throws Exception {
    PromptAudio made = SyntheticAudio.wav(1500, 22_050, 4);
    Path file = dir.resolve("clip.wav");
    Files.write(file, made.decode());
    PromptAudio read = AudioFiles.read(file.toString());
    assertEquals(PromptAudio.WAV, read.format());
    assertEquals(1500, read.durationMillis());
    assertEquals(44 + 2 * 33_075, read.bytes()); // 1.5 s x 22,050 samples x 2 bytes
    assertArrayEquals(made.decode(), read.decode());
  }

  @Test
  void anMp3LastsItsSizeAt128Kbps() throws Exception {
    Path file = dir.resolve("clip.MP3");
    Files.write(file, new byte[32_000]); // 256,000 bits at 128 bits a millisecond
    PromptAudio read = AudioFiles.read(file.toString());
    assertEquals(PromptAudio.MP3, read.format());
    assertEquals(2000, read.durationMillis());
  }

  @Test
  void anotherFormatIsRefusedNamingTheFile() throws Exception {
    Path file = dir.resolve("clip.ogg");
    Files.write(file, new byte[10]);
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> AudioFiles.read(file.toString()));
    assertTrue(refused.getMessage().contains("clip.ogg"), refused.getMessage());
  }
}
