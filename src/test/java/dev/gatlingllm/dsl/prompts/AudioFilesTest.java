package dev.gatlingllm.dsl.prompts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptAudio;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
    PromptAudio made = SyntheticAudio.wav(Duration.ofMillis(1500), 22_050, 4);
    Path file = dir.resolve("clip.wav");
    Files.write(file, made.decode());
    PromptAudio read = AudioFiles.read(file.toString());
    assertEquals(PromptAudio.WAV, read.format());
    assertEquals(1500, read.durationMillis());
    assertEquals(44 + 2 * 33_075, read.bytes()); // 1.5 s x 22,050 samples x 2 bytes
    assertArrayEquals(made.decode(), read.decode());
  }

  /** A WAV whose header is changed at {@code offset} to the little-endian {@code value}. */
  private String refusedWav(String name, int offset, long value) throws Exception {
    byte[] wav = SyntheticAudio.wav(1000, 16_000, 4).decode(); // 44 + 32,000 bytes
    for (int i = 0; i < 4; i++) {
      wav[offset + i] = (byte) (value >>> (8 * i));
    }
    return refused(name, wav);
  }

  private String refused(String name, byte[] content) throws Exception {
    Path file = dir.resolve(name);
    Files.write(file, content);
    return assertThrows(UserError.class, () -> AudioFiles.read(file.toString())).getMessage();
  }

  @Test
  void aWavHeaderIsHeldToTheFilesSize() throws Exception {
    String where = "audio file " + dir;
    // offset 40: the data chunk's size; 4 GB claimed in a 32 kB file
    assertEquals(
        where
            + "/long.wav: its WAV header claims 4294967295 bytes of samples, the file holds 32000"
            + " after the header (a cut file, or a header that lies)",
        refusedWav("long.wav", 40, 0xFFFF_FFFFL));
    // offset 24: the sample rate; offset 28: the byte rate
    assertEquals(
        where
            + "/still.wav: its WAV header states 0 frames/s and 32000 bytes/s: a clip at a rate of 0"
            + " has no duration",
        refusedWav("still.wav", 24, 0));
    assertEquals(
        where
            + "/still2.wav: its WAV header states 16000 frames/s and 0 bytes/s: a clip at a rate of"
            + " 0 has no duration",
        refusedWav("still2.wav", 28, 0));
    assertEquals(
        where + "/empty.wav: not a WAV file (no RIFF/WAVE header in its 0 bytes)",
        refused("empty.wav", new byte[0]));
    assertEquals(
        where + "/script.wav: not a WAV file (no RIFF/WAVE header in its 20 bytes)",
        refused("script.wav", "#!/bin/sh\nrm -rf /\n\n".getBytes(StandardCharsets.US_ASCII)));
    assertEquals(where + "/empty.mp3 is empty", refused("empty.mp3", new byte[0]));
  }

  @Test
  void aWavsDurationIsItsSamplesBytesOverItsByteRate() throws Exception {
    // 16,000 frames/s of 2 bytes: 32,000 bytes/s; a data chunk of 8,000 bytes lasts 250 ms,
    // whatever
    // the trailing bytes after it
    byte[] wav = SyntheticAudio.wav(1000, 16_000, 4).decode();
    wav[40] = (byte) (8000 & 0xFF);
    wav[41] = (byte) (8000 >>> 8);
    Path file = dir.resolve("quarter.wav");
    Files.write(file, wav);
    assertEquals(250, AudioFiles.read(file.toString()).durationMillis());
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

  @Test
  void aDatasetsRecordsCarryTheirClipsEachReadOnce() throws Exception {
    Files.write(dir.resolve("a.wav"), SyntheticAudio.wav(Duration.ofSeconds(1), 1).decode());
    Files.write(dir.resolve("b.mp3"), new byte[16_000]);
    Path dataset = dir.resolve("speech.jsonl");
    Files.writeString(
        dataset,
        "{\"prompt\": \"Transcribe.\", \"audio\": \"a.wav\"}\n"
            + "// a comment\n"
            + "{\"prompt\": \"Compare.\", \"audio\": [\"a.wav\", \"b.mp3\"]}\n");
    List<Map<String, Object>> records = AudioDatasets.read(dataset.toString());
    assertEquals(2, records.size());
    @SuppressWarnings("unchecked")
    List<PromptAudio> two = (List<PromptAudio>) records.get(1).get(PromptRecords.AUDIO);
    assertEquals(List.of(1000L, 1000L), two.stream().map(PromptAudio::durationMillis).toList());
    assertSame(two.get(0), ((List<?>) records.get(0).get(PromptRecords.AUDIO)).get(0));
    @SuppressWarnings("unchecked")
    List<ChatMessage> messages = (List<ChatMessage>) records.get(1).get(PromptRecords.MESSAGES);
    assertEquals("Compare.", messages.get(0).content());
    assertEquals(two, messages.get(0).audio());
  }

  @Test
  void aDatasetsMissingClipIsNamedWithItsLine() throws Exception {
    Path dataset = dir.resolve("bad.jsonl");
    Files.writeString(dataset, "{\"prompt\": \"x\", \"audio\": \"none.wav\"}\n");
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> AudioDatasets.read(dataset.toString()));
    assertTrue(refused.getMessage().contains("bad.jsonl line 1"), refused.getMessage());
  }
}
