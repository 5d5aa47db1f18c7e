package dev.gatlingllm.bench.load;

/**
 * The figures of one client at one level, all from the same run.
 *
 * @param eventsPerSecond content events the server wrote in the client's window (every one is read
 *     by the client, which keeps up or falls behind visibly in the TTFT error)
 * @param cpuNanosPerEvent client process CPU over the window / those events
 * @param heapPerStreamBytes (used heap after GC at steady state - baseline before Gatling) /
 *     streams
 * @param ttftError client TTFT - server TTFT per joined request (plugin only): an upper bound
 * @param ttftErrorLow client TTFT - true TTFT per joined request: a lower bound of the client's
 *     error
 * @param clientTtft what the client reports as its first latency: the plugin's TTFT, or Gatling
 *     SSE's connect time (time to headers)
 * @param serverTtft server side: first content write - request received (fixed 200 ms + lateness)
 * @param trueTtft first content write - the client's timestamp before the request action, per
 *     joined request: what a user waited, request building and connection wait included
 * @param readDelay request received by the server - that client timestamp
 * @param itlClient the plugin's pooled ITL (summary.json), or null
 * @param itlError client gap - server gap between the same two content writes, per gap of the
 *     joined requests (plugin only)
 * @param itlErrorAbs the same, absolute
 * @param itlServer ground truth gaps between consecutive content writes
 * @param lateness server write - planned (how far the server itself was from the fixed timing)
 */
record RunResult(
    String client,
    int streams,
    int itlMs,
    int eventsPerWrite,
    int tokens,
    int exit,
    long ok,
    long ko,
    long serverRequests,
    double eventsPerSecond,
    double cpuNanosPerEvent,
    double cpuCoresUsed,
    double heapPerStreamBytes,
    long heapSteadyBytes,
    long heapBaselineBytes,
    int joined,
    Samples ttftError,
    Samples ttftErrorLow,
    String clientTtft,
    Samples serverTtft,
    Samples trueTtft,
    Samples readDelay,
    String itlClient,
    Samples itlError,
    Samples itlErrorAbs,
    Samples itlServer,
    Samples lateness,
    double loadAverage,
    String note) {}
