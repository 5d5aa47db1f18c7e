package dev.gatlingllm.metrics.level;

/**
 * What servers that time their own work said of it, over the successful streams that reported it
 * (metrics.md, "Server decode tok/s" and "Server prefill"): beside the client's figures, never
 * instead of them.
 *
 * @param decodeTokensPerSecond the mean of the server's decode speed, server output tokens / server
 *     decode time (e.g. Ollama's eval_count / eval_duration); 0 without reports
 * @param decodeStreams how many streams that mean covers
 * @param meanPrefillMillis the mean of the server's prompt time (llama.cpp's prompt_ms, Ollama's
 *     prompt_eval_duration), a part of each TTFT; 0 without reports
 * @param prefillStreams how many streams that mean covers
 */
public record ServerTimes(
    double decodeTokensPerSecond,
    long decodeStreams,
    double meanPrefillMillis,
    long prefillStreams) {}
