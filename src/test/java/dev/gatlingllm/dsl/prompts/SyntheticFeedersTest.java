package dev.gatlingllm.dsl.prompts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.values.PromptAudio;
import dev.gatlingllm.values.PromptImage;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The builders of the feeders of synthetic images and audio: the records their Gatling {@code
 * FeederBuilder} holds are those of the iterator feeders with the same settings, in the same order,
 * and the builders are immutable. (A {@code FeederBuilder} reads its records only in a run:
 * docs/dsl.md's "Every kind of request in one simulation", run by {@code DocExamplesTest}, feeds
 * one.)
 */
class SyntheticFeedersTest {
  @Test
  void theImageFeederHoldsTheSetsTheIteratorFeedsInTheSameOrder() {
    SyntheticImageFeeder settings =
        PromptFeeders.syntheticImages()
            .perRequest(2)
            .size(28, 14)
            .format(ImageFormat.JPEG)
            .seed(5)
            .distinct(3);
    List<Map<String, Object>> records = settings.records();
    assertEquals(3, records.size(), "3 distinct sets");
    Iterator<Map<String, Object>> same = SyntheticImages.feeder(2, 28, 14, ImageFormat.JPEG, 5, 3);
    for (Map<String, Object> record : records) {
      List<?> images = (List<?>) record.get(PromptRecords.IMAGES);
      assertEquals(2, images.size(), "2 images a record");
      assertEquals(same.next(), record);
    }
    assertEquals(
        "image/jpeg", ((PromptImage) ((List<?>) records.get(0).get("images")).get(0)).mediaType());
    assertNotEquals(
        records,
        settings.seed(6).records(),
        "another seed, other pixels: the builder it came from is unchanged");
    assertEquals(records, settings.records(), "the same seed, the same images");
  }

  @Test
  void theAudioFeederHoldsTheClipsOfItsDuration() {
    List<Map<String, Object>> records =
        PromptFeeders.syntheticAudio()
            .duration(Duration.ofMillis(250))
            .seed(3)
            .distinct(2)
            .records();
    Iterator<Map<String, Object>> same = SyntheticAudio.feeder(1, Duration.ofMillis(250), 3, 2);
    assertEquals(List.of(same.next(), same.next()), records);
    PromptAudio clip = (PromptAudio) ((List<?>) records.get(0).get(PromptRecords.AUDIO)).get(0);
    assertEquals(250, clip.durationMillis());
    // 250 ms at 16 kHz, 2 bytes a sample, after the 44-byte header
    assertEquals(44 + 4_000 * 2, clip.bytes());
    assertThrows(
        IllegalArgumentException.class, () -> PromptFeeders.syntheticAudio().distinct(0).feeder());
  }
}
