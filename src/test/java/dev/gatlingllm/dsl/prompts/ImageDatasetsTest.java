package dev.gatlingllm.dsl.prompts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptImage;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The committed image datasets (feeders/), JSONL and LLaVA, read with their images. */
class ImageDatasetsTest {

  @SuppressWarnings("unchecked")
  private static List<PromptImage> images(Map<String, Object> record) {
    return (List<PromptImage>) record.get(PromptRecords.IMAGES);
  }

  @SuppressWarnings("unchecked")
  private static ChatMessage message(Map<String, Object> record) {
    List<ChatMessage> messages = (List<ChatMessage>) record.get(PromptRecords.MESSAGES);
    assertEquals(1, messages.size());
    return messages.get(0);
  }

  private static BufferedImage decoded(PromptImage image) throws IOException {
    return ImageIO.read(new ByteArrayInputStream(image.decode()));
  }

  @Test
  void jsonlRecordsHoldThePromptAndItsImages() throws IOException {
    List<Map<String, Object>> records = ImageDatasets.read("image-dataset.jsonl");
    assertEquals(3, records.size());

    assertEquals("Describe this picture.", records.get(0).get(PromptRecords.PROMPT));
    PromptImage small = images(records.get(0)).get(0);
    assertEquals("image/png", small.mediaType());
    assertTrue(small.dataUrl().startsWith("data:image/png;base64,"));
    assertEquals(28, decoded(small).getWidth());
    assertEquals(14, decoded(small).getHeight());
    assertArrayEquals(
        Files.readAllBytes(Path.of("feeders/images/small-28x14.png")), small.decode());
    assertEquals(Files.size(Path.of("feeders/images/small-28x14.png")), small.bytes());

    List<PromptImage> two = images(records.get(1));
    assertEquals(2, two.size());
    assertEquals("image/jpeg", two.get(1).mediaType());
    assertEquals(42, decoded(two.get(1)).getWidth());
    ChatMessage user = message(records.get(1));
    assertEquals("user", user.role());
    assertEquals("Compare these two pictures.", user.content());
    assertEquals(two, user.images());

    PromptImage url = images(records.get(2)).get(0);
    assertFalse(url.inline());
    assertEquals("https://example.com/page.png", url.url());
  }

  @Test
  void llavaRecordsTakeTheFirstHumanTurnWithoutItsImageMarker() throws IOException {
    List<Map<String, Object>> records = ImageDatasets.read("feeders/llava-sample.json");
    assertEquals(2, records.size());
    assertEquals("What is in the photo?", records.get(0).get(PromptRecords.PROMPT));
    assertEquals("Describe the colours.", records.get(1).get(PromptRecords.PROMPT));
    PromptImage photo = images(records.get(0)).get(0);
    assertEquals("image/jpeg", photo.mediaType());
    assertEquals(28, decoded(photo).getHeight());
    assertEquals(1, message(records.get(1)).images().size());
  }

  @Test
  void anImageNamedTwiceIsReadOnce(@TempDir Path dir) throws IOException {
    Files.copy(Path.of("feeders/images/grid-30x20.png"), dir.resolve("a.png"));
    Path data = dir.resolve("d.jsonl");
    Files.writeString(
        data,
        "{\"prompt\": \"x\", \"image\": \"a.png\"}\n{\"prompt\": \"y\", \"image\": \"a.png\"}\n");
    List<Map<String, Object>> records = ImageDatasets.read(data.toString());
    assertSame(images(records.get(0)).get(0), images(records.get(1)).get(0));
  }

  @Test
  void anImageFileIsHeldToItsFormatsSignature(@TempDir Path dir) throws IOException {
    Files.write(dir.resolve("empty.png"), new byte[0]);
    Files.writeString(dir.resolve("script.png"), "#!/bin/sh\necho hi\n");
    Files.copy(Path.of("feeders/images/grid-30x20.png"), dir.resolve("png.jpg"));
    for (String[] image :
        new String[][] {
          {"empty.png", "PNG image: it is empty"},
          {"script.png", "PNG image: its first bytes are not the format's signature"},
          {"png.jpg", "JPEG image: its first bytes are not the format's signature"}
        }) {
      Path data = dir.resolve("d.jsonl");
      Files.writeString(data, "{\"prompt\": \"x\", \"image\": \"" + image[0] + "\"}\n");
      assertEquals(
          data + " line 1: image " + dir + "/" + image[0] + " is not a " + image[1],
          assertThrows(IllegalArgumentException.class, () -> ImageDatasets.read(data.toString()))
              .getMessage());
    }
  }

  @Test
  void aMissingImageOrPromptNamesTheRecord(@TempDir Path dir) throws IOException {
    Path noImage = dir.resolve("d.jsonl");
    Files.writeString(noImage, "{\"prompt\": \"x\", \"image\": \"missing.png\"}\n");
    assertTrue(
        assertThrows(RuntimeException.class, () -> ImageDatasets.read(noImage.toString()))
            .getMessage()
            .contains("line 1"));
    Path noPrompt = dir.resolve("e.jsonl");
    Files.writeString(noPrompt, "{\"image\": \"a.png\"}\n");
    assertThrows(IllegalArgumentException.class, () -> ImageDatasets.read(noPrompt.toString()));
  }

  @Test
  void syntheticFeederGivesItsSetsInTurnSeeded() throws IOException {
    Iterator<Map<String, Object>> feeder =
        SyntheticImages.feeder(2, 336, 336, ImageFormat.JPEG, 5, 3);
    List<PromptImage> first = images(feeder.next());
    assertEquals(2, first.size());
    BufferedImage image = decoded(first.get(0));
    assertEquals(336, image.getWidth());
    assertEquals(336, image.getHeight());
    feeder.next();
    feeder.next();
    assertSame(first, images(feeder.next()), "the fourth request takes the first set again");
    assertEquals(first, images(SyntheticImages.feeder(2, 336, 336, ImageFormat.JPEG, 5, 3).next()));
  }
}
