package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.request.RequestKind;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.request.TokenCounts;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.SloMisses;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.stats.CountStats;
import dev.gatlingllm.metrics.stats.EncodedStats;
import dev.gatlingllm.metrics.stats.HistogramBin;
import dev.gatlingllm.metrics.stats.LatencyStats;
import dev.gatlingllm.metrics.stats.PercentilePoint;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The running totals and histograms of one level (or of the run). Its memory does not grow with the
 * number of requests: counters, auto-resizing histograms and at most {@link #MAX_ERROR_MESSAGES}
 * error messages. Not thread-safe: the recorder locks around it.
 */
public final class LevelAccumulator {
  static final int MAX_ERROR_MESSAGES = 20;
  static final int MAX_ERROR_LENGTH = 300;
  static final String OTHER_ERRORS = "(other messages)";

  private long requests;
  private long completed;
  private long good;
  private long inputTokens;
  private long outputTokens;
  private long outputTokensInWindow;
  private double speedSum;
  private long speedSamples;
  private double serverDecodeSpeedSum;
  private long serverDecodeSamples;
  private long serverPrefillMicrosSum;
  private long serverPrefillSamples;
  private long reasoningTokens;
  private long reasoningRequests;
  private long images;
  private long imageBytes;
  private long audioClips;
  private long audioBytes;
  private long audioMillis;
  private final long[] outputSources = new long[TokenCountSource.values().length];
  private long mismatchRequests;
  private long mismatchServer;
  private long mismatchClient;
  private long mismatchDifference;
  private final Map<String, Long> errors = new LinkedHashMap<>();
  private long usageIgnored;
  private long itlCapped;
  private long outputCut;
  private long withLimit;
  private long stoppedEarly;
  private final CountStats outputLengths = new CountStats();
  private long rateLimited;
  private long withRetryAfter;
  private long meteredTokens;
  private long schemaValid;
  private long schemaInvalid;
  private long pooledRequests;
  private long pooledFailed;
  private long pooledGood;
  private long pooledInputs;
  private long pooledInputTokens;
  private final BusiestMinute busiestMinute = new BusiestMinute();

  /**
   * The first and last arrival (scheduled time) and send of the requests started in the window,
   * epoch µs.
   */
  private long firstArrivalMicros = Long.MAX_VALUE;

  private long lastArrivalMicros = Long.MIN_VALUE;
  private long firstSendMicros = Long.MAX_VALUE;
  private long lastSendMicros = Long.MIN_VALUE;

  final LatencyStats ttft = new LatencyStats();
  final LatencyStats ttftFromScheduled = new LatencyStats();
  final LatencyStats ttfb = new LatencyStats();
  final LatencyStats ttfo = new LatencyStats();
  final LatencyStats tpot = new LatencyStats();
  final LatencyStats e2el = new LatencyStats();
  final LatencyStats e2elFromScheduled = new LatencyStats();
  final LatencyStats sendLateness = new LatencyStats();
  final LatencyStats itl = new LatencyStats();
  final LatencyStats itlPerToken = new LatencyStats();

  /** The E2EL of the successful embeddings and rerank requests alone (their one latency). */
  final LatencyStats pooledE2el = new LatencyStats();

  /** How late the client's event loops ran while this level was measured (EventLoopDelayProbe). */
  final LatencyStats eventLoopDelay = new LatencyStats();

  /** A request started in this level's measurement window. */
  public void addRequest(RequestRow record) {
    RequestRow.Status outcome = record.status();
    RequestRow.Latencies latency = record.latency();
    TokenCounts tokens = record.tokens();
    requests++;
    sendLateness.add(latency.sendLatenessMicros());
    long sentMicros = record.placement().startEpochMillis() * 1000;
    addSpans(record.scheduledEpochMicros(), record.scheduledEpochMicros(), sentMicros, sentMicros);
    countUntrusted(record);
    long metered = Math.max(0, tokens.inputTokens()) + Math.max(0, tokens.maxTokens());
    meteredTokens += metered;
    busiestMinute.add(record.placement().startEpochMillis(), metered);
    if (outcome.httpStatus() == 429) {
      rateLimited++;
      if (outcome.retryAfterSeconds() >= 0) {
        withRetryAfter++;
      }
    }
    // Before the failures return: an answer whose breach of its schema made it KO counts as
    // invalid.
    switch (outcome.schema()) {
      case VALID -> schemaValid++;
      case INVALID -> schemaInvalid++;
      case NOT_JUDGED -> {}
    }
    boolean pooling = RequestKind.of(tokens) == RequestKind.POOLING;
    if (!outcome.ok()) {
      countError(outcome.error());
      if (pooling) {
        pooledFailed++;
      }
      return;
    }
    completed++;
    if (outcome.good()) {
      good++;
    }
    if (tokens.inputTokens() > 0) {
      inputTokens += tokens.inputTokens();
    }
    if (pooling) {
      pooledRequests++;
      if (outcome.good()) {
        pooledGood++;
      }
      pooledInputs += tokens.inputs();
      pooledInputTokens += Math.max(0, tokens.inputTokens());
      pooledE2el.add(latency.e2elMicros());
    }
    outputTokens += Math.max(0, tokens.outputTokens());
    if (!pooling) {
      // An embeddings or rerank answer has no output tokens: its zero is no output length, and
      // how it was counted says nothing of the generations' counts beside it.
      outputSources[tokens.outputTokenSource().ordinal()]++;
      outputLengths.add(tokens.outputTokens());
    }
    if (tokens.maxTokens() > 0) {
      withLimit++;
      if (record.stoppedEarly()) {
        stoppedEarly++;
      }
    }
    if (tokens.serverOutputTokens() >= 0 && tokens.clientOutputTokens() >= 0) {
      mismatchRequests++;
      mismatchServer += tokens.serverOutputTokens();
      mismatchClient += tokens.clientOutputTokens();
      mismatchDifference += Math.abs(tokens.serverOutputTokens() - tokens.clientOutputTokens());
    }
    double speed = record.outputTokensPerSecond();
    if (speed > 0) {
      speedSum += speed;
      speedSamples++;
    }
    if (record.server().reasoningTokens() >= 0) {
      reasoningTokens += record.server().reasoningTokens();
      reasoningRequests++;
    }
    images += Math.max(0, tokens.images());
    imageBytes += Math.max(0, tokens.imageBytes());
    audioClips += Math.max(0, tokens.audioClips());
    audioBytes += Math.max(0, tokens.audioBytes());
    audioMillis += Math.max(0, tokens.audioMillis());
    double serverSpeed = record.serverDecodeTokensPerSecond();
    if (serverSpeed > 0) {
      serverDecodeSpeedSum += serverSpeed;
      serverDecodeSamples++;
    }
    if (record.server().prefillMicros() >= 0) {
      serverPrefillMicrosSum += record.server().prefillMicros();
      serverPrefillSamples++;
    }
    ttft.add(latency.ttftMicros());
    ttftFromScheduled.add(latency.ttftFromScheduledMicros());
    ttfb.add(latency.ttfbMicros());
    ttfo.add(latency.ttfoMicros());
    tpot.add(latency.tpotMicros());
    e2el.add(latency.e2elMicros());
    e2elFromScheduled.add(latency.e2elFromScheduledMicros());
  }

  private void addSpans(long firstArrival, long lastArrival, long firstSend, long lastSend) {
    firstArrivalMicros = Math.min(firstArrivalMicros, firstArrival);
    lastArrivalMicros = Math.max(lastArrivalMicros, lastArrival);
    firstSendMicros = Math.min(firstSendMicros, firstSend);
    lastSendMicros = Math.max(lastSendMicros, lastSend);
  }

  /**
   * (requests - 1) / (last - first): the rate of events between the first and the last; NaN under
   * two.
   */
  private double rateBetween(long firstMicros, long lastMicros) {
    return requests < 2 || lastMicros <= firstMicros
        ? Double.NaN
        : (requests - 1) * 1e6 / (lastMicros - firstMicros);
  }

  private void countUntrusted(RequestRow record) {
    if (UntrustedStreams.usageIgnored(record)) {
      usageIgnored++;
    }
    if (UntrustedStreams.itlCapped(record)) {
      itlCapped++;
    }
    if (UntrustedStreams.outputCut(record)) {
      outputCut++;
    }
  }

  /**
   * What the capacity target measures at this level: the good fraction, or the latency percentile
   * over every request started in the window, a failed request counting as slower than any other
   * (+infinity when more than 100 - p % of them failed). Gaps (ITL) are pooled over successful
   * streams, so failures do not enter there. NaN when there is nothing to measure. TTFT and E2EL
   * are measured from the arrival when {@code fromArrival} (an open-model level), else from the
   * send.
   */
  public double attainment(AttainmentTarget target, boolean fromArrival) {
    if (target.kind() == AttainmentTarget.Kind.GOOD_FRACTION_AT_LEAST) {
      return requests == 0 ? Double.NaN : (double) good / requests;
    }
    LatencyStats stats =
        switch (target.metric()) {
          case TTFT -> fromArrival ? ttftFromScheduled : ttft;
          case TPOT -> tpot;
          case ITL -> itl;
          case E2EL -> fromArrival ? e2elFromScheduled : e2el;
        };
    long failures = target.metric() == AttainmentTarget.Metric.ITL ? 0 : requests - completed;
    long population = stats.count() + failures;
    if (population == 0 || stats.count() == 0) {
      return failures > 0 ? Double.POSITIVE_INFINITY : Double.NaN;
    }
    long rank = Math.max(1, (long) Math.ceil(target.percentile() / 100.0 * population - 1e-9));
    if (rank > stats.count()) {
      return Double.POSITIVE_INFINITY;
    }
    return stats.percentileMillis(100.0 * rank / stats.count());
  }

  /** Output tokens of a successful request that arrived in this level's measurement window. */
  public void addOutputTokensInWindow(long tokens) {
    outputTokensInWindow += tokens;
  }

  /**
   * One inter-token gap of a successful request started in this level's window, and its per-token
   * value.
   */
  public void addItlGap(long gapMicros, long perTokenMicros) {
    itl.add(gapMicros);
    itlPerToken.add(perTokenMicros);
  }

  /**
   * The shares of this level's requests that failed or missed each SLO, measured as {@link
   * #attainment} does.
   */
  public SloMisses sloMisses(Slos slos, boolean fromArrival) {
    return SloMisses.of(
        slos,
        requests,
        requests - completed,
        fromArrival ? ttftFromScheduled : ttft,
        tpot,
        fromArrival ? e2elFromScheduled : e2el);
  }

  /** One sample of the client's event-loop delay taken during this level's window. */
  public void addEventLoopDelay(long delayMicros) {
    eventLoopDelay.add(delayMicros);
  }

  /** Adds everything another accumulator holds (the run is the sum of its levels). */
  public void addAll(LevelAccumulator other) {
    requests += other.requests;
    completed += other.completed;
    good += other.good;
    inputTokens += other.inputTokens;
    outputTokens += other.outputTokens;
    outputTokensInWindow += other.outputTokensInWindow;
    speedSum += other.speedSum;
    speedSamples += other.speedSamples;
    serverDecodeSpeedSum += other.serverDecodeSpeedSum;
    serverDecodeSamples += other.serverDecodeSamples;
    serverPrefillMicrosSum += other.serverPrefillMicrosSum;
    serverPrefillSamples += other.serverPrefillSamples;
    reasoningTokens += other.reasoningTokens;
    reasoningRequests += other.reasoningRequests;
    images += other.images;
    imageBytes += other.imageBytes;
    audioClips += other.audioClips;
    audioBytes += other.audioBytes;
    audioMillis += other.audioMillis;
    for (int i = 0; i < outputSources.length; i++) {
      outputSources[i] += other.outputSources[i];
    }
    mismatchRequests += other.mismatchRequests;
    mismatchServer += other.mismatchServer;
    mismatchClient += other.mismatchClient;
    mismatchDifference += other.mismatchDifference;
    usageIgnored += other.usageIgnored;
    itlCapped += other.itlCapped;
    outputCut += other.outputCut;
    withLimit += other.withLimit;
    stoppedEarly += other.stoppedEarly;
    outputLengths.addAll(other.outputLengths);
    rateLimited += other.rateLimited;
    withRetryAfter += other.withRetryAfter;
    meteredTokens += other.meteredTokens;
    schemaValid += other.schemaValid;
    schemaInvalid += other.schemaInvalid;
    pooledRequests += other.pooledRequests;
    pooledFailed += other.pooledFailed;
    pooledGood += other.pooledGood;
    pooledInputs += other.pooledInputs;
    pooledInputTokens += other.pooledInputTokens;
    busiestMinute.addAll(other.busiestMinute);
    addSpans(
        other.firstArrivalMicros,
        other.lastArrivalMicros,
        other.firstSendMicros,
        other.lastSendMicros);
    other.errors.forEach((message, count) -> countError(message, count));
    List<LatencyStats> mine = statsList();
    List<LatencyStats> theirs = other.statsList();
    for (int i = 0; i < mine.size(); i++) {
      mine.get(i).addAll(theirs.get(i));
    }
  }

  /**
   * The pooled ITL histograms, which a row of requests.csv cannot carry: run.json keeps them for a
   * merge.
   */
  public EncodedStats encodedItl() {
    return itl.encode();
  }

  public EncodedStats encodedItlPerToken() {
    return itlPerToken.encode();
  }

  /**
   * The event-loop delay samples, which requests.csv cannot carry either: run.json keeps them for a
   * merge.
   */
  public EncodedStats encodedEventLoopDelay() {
    return eventLoopDelay.encode();
  }

  public void addEncodedEventLoopDelay(EncodedStats delayData) {
    eventLoopDelay.addAll(LatencyStats.decode(delayData));
  }

  /**
   * Adds ITL data kept by {@link #encodedItl()} and {@link #encodedItlPerToken()} of another run.
   */
  public void addEncodedItl(EncodedStats itlData, EncodedStats perTokenData) {
    itl.addAll(LatencyStats.decode(itlData));
    itlPerToken.addAll(LatencyStats.decode(perTokenData));
  }

  private List<LatencyStats> statsList() {
    return List.of(
        ttft,
        ttftFromScheduled,
        ttfb,
        ttfo,
        tpot,
        e2el,
        e2elFromScheduled,
        sendLateness,
        itl,
        itlPerToken,
        eventLoopDelay,
        pooledE2el);
  }

  private void countError(String message) {
    String text = message == null || message.isEmpty() ? "(no message)" : message;
    if (text.length() > MAX_ERROR_LENGTH) {
      text = text.substring(0, MAX_ERROR_LENGTH) + "...";
    }
    countError(text, 1);
  }

  private void countError(String message, long count) {
    String key =
        errors.containsKey(message) || errors.size() < MAX_ERROR_MESSAGES ? message : OTHER_ERRORS;
    errors.merge(key, count, Long::sum);
  }

  /**
   * The output tok/s of {@link #toFigures}, alone: the output tokens that arrived in the window /
   * the window. Cheap enough to ask under the recorder's lock.
   */
  public double outputThroughput(double windowSeconds) {
    return rate(outputTokensInWindow, windowSeconds > 0 ? windowSeconds : Double.NaN);
  }

  public Figures toFigures(double windowSeconds) {
    return toFigures(windowSeconds, 0);
  }

  /**
   * The figures over a window of {@code windowSeconds}, for a level whose requests arrived over
   * {@code arrivalSeconds} (an open-model level's arrival window; 0 when it has none): its arrival
   * rate is then its requests over that window (metrics.md, "Open model").
   */
  public Figures toFigures(double windowSeconds, double arrivalSeconds) {
    double window = windowSeconds > 0 ? windowSeconds : Double.NaN;
    Map<TokenCountSource, Long> sources = new EnumMap<>(TokenCountSource.class);
    for (TokenCountSource source : TokenCountSource.values()) {
      if (outputSources[source.ordinal()] > 0) {
        sources.put(source, outputSources[source.ordinal()]);
      }
    }
    return new Figures(
        windowSeconds,
        new RequestCounts(requests, completed, good, errors),
        new Throughput(
            rate(completed, window),
            rate(outputTokensInWindow, window),
            rate(inputTokens + outputTokensInWindow, window),
            rate(good, window),
            speedSamples == 0 ? 0 : speedSum / speedSamples,
            speedSamples),
        new Arrivals(
            arrivalSeconds > 0 && requests > 0
                ? requests / arrivalSeconds
                : rateBetween(firstArrivalMicros, lastArrivalMicros),
            rateBetween(firstSendMicros, lastSendMicros)),
        new LatencyFigures(
            ttft.toDistribution(),
            ttftFromScheduled.toDistribution(),
            ttfb.toDistribution(),
            ttfo.toDistribution(),
            tpot.toDistribution(),
            itl.toDistribution(),
            itlPerToken.toDistribution(),
            e2el.toDistribution(),
            e2elFromScheduled.toDistribution(),
            sendLateness.toDistribution()),
        new TokenTotals(
            inputTokens,
            outputTokens,
            outputTokensInWindow,
            sources,
            new TokenMismatch(
                mismatchRequests,
                mismatchServer,
                mismatchClient,
                mismatchDifference,
                mismatchServer == 0 ? 0 : 100.0 * mismatchDifference / mismatchServer)),
        new OutputLengths(withLimit, stoppedEarly, outputLengths.toDistribution()),
        new ReasoningTokens(reasoningRequests, reasoningTokens),
        new ImageFigures(completed, images, imageBytes),
        new ServerTimes(
            serverDecodeSamples == 0 ? 0 : serverDecodeSpeedSum / serverDecodeSamples,
            serverDecodeSamples,
            serverPrefillSamples == 0 ? 0 : serverPrefillMicrosSum / 1e3 / serverPrefillSamples,
            serverPrefillSamples),
        new RateFigures(
            requests,
            rateLimited,
            withRetryAfter,
            60 * rate(requests, window),
            60 * rate(inputTokens, window),
            60 * rate(outputTokensInWindow, window),
            60 * rate(meteredTokens, window),
            busiestMinute.requests(),
            busiestMinute.meteredTokens()),
        new UntrustedStreams(usageIgnored, itlCapped, outputCut),
        new SchemaAnswers(schemaValid, schemaInvalid),
        new PooledInputs(
            pooledRequests,
            pooledFailed,
            pooledGood,
            pooledInputs,
            pooledInputTokens,
            rate(pooledRequests, window),
            rate(pooledGood, window),
            rate(pooledInputs, window),
            rate(pooledInputTokens, window),
            pooledE2el.toDistribution()),
        eventLoopDelay.toDistribution(),
        new AudioFigures(completed, audioClips, audioBytes, audioMillis));
  }

  private static double rate(long amount, double windowSeconds) {
    return Double.isNaN(windowSeconds) ? 0 : amount / windowSeconds;
  }

  /** The TTFT, TPOT and ITL distributions as chart bars, by figure name. */
  public Map<String, List<HistogramBin>> distributions(int bins) {
    Map<String, List<HistogramBin>> distributions = new LinkedHashMap<>();
    distributions.put("ttft", ttft.bins(bins));
    distributions.put("tpot", tpot.bins(bins));
    distributions.put("itl", itl.bins(bins));
    return distributions;
  }

  /** The TTFT, TPOT and ITL latency-by-percentile curves, by figure name. */
  public Map<String, List<PercentilePoint>> percentileCurves() {
    Map<String, List<PercentilePoint>> curves = new LinkedHashMap<>();
    curves.put("ttft", ttft.percentileCurve());
    curves.put("tpot", tpot.percentileCurve());
    curves.put("itl", itl.percentileCurve());
    return curves;
  }
}
