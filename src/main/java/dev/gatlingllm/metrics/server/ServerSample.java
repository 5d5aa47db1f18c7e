package dev.gatlingllm.metrics.server;

/**
 * One scrape of a server's metrics page, in neutral figures (the names each engine uses are in
 * {@link ServerEngine}). A figure the engine does not expose is NaN; {@code ttft} is null then.
 *
 * @param epochMillis when the page was read (the response's arrival)
 * @param running requests the engine is running (in its batch), summed over the engine's series
 * @param waiting requests queued in the engine, not yet running
 * @param kvCacheUsage the share of the KV cache in use, 0 to 1 (the highest of the engine's series)
 * @param preemptions counter: sequences preempted (evicted from the batch) since the server started
 * @param generatedTokens counter: output tokens the server generated since it started
 * @param promptTokens counter: prompt tokens the server processed since it started
 * @param ttft the server's own time-to-first-token histogram since it started, or null
 * @param prefixCacheQueries counter: prompt tokens looked up in the server's prefix cache
 * @param prefixCacheHits counter: those of them found there
 */
public record ServerSample(
    long epochMillis,
    double running,
    double waiting,
    double kvCacheUsage,
    double preemptions,
    double generatedTokens,
    double promptTokens,
    CumulativeHistogram ttft,
    double prefixCacheQueries,
    double prefixCacheHits) {}
