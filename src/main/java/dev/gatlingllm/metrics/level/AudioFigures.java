package dev.gatlingllm.metrics.level;

/**
 * The audio clips the successful requests' prompts carried (docs/metrics.md, "Audio in the
 * prompt"): their count, encoded bytes and seconds per request, over every successful request (a
 * request with none counts as 0), shown only when a request carried one. Seconds, because an audio
 * encoder's work and the tokens a server counts grow with the duration, not the bytes.
 *
 * @param requests the successful requests
 * @param clips the clips they carried in all
 * @param bytes the clips' encoded bytes in all
 * @param millis the clips' durations in all, in milliseconds
 */
public record AudioFigures(long requests, long clips, long bytes, long millis) {
  /** True when a request carried audio: the figures are then shown. */
  public boolean any() {
    return clips > 0;
  }

  /** Clips per successful request, or 0 when there was none. */
  public double clipsPerRequest() {
    return perRequest(clips);
  }

  /** Audio bytes per successful request, or 0 when there was none. */
  public double bytesPerRequest() {
    return perRequest(bytes);
  }

  /** Seconds of audio per successful request, or 0 when there was none. */
  public double secondsPerRequest() {
    return perRequest(millis) / 1000;
  }

  private double perRequest(long total) {
    return requests == 0 ? 0 : (double) total / requests;
  }
}
