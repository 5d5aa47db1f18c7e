package dev.gatlingllm.simulator;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * A simulated OpenAI-compatible LLM server on plain Netty: chat and text completions (SSE or JSON),
 * {@code /v1/models}, {@code /tokenize}, {@code /health}, with a continuous-batching capacity
 * model, fault injection and an optional server-side ground-truth log. See docs/simulator.md.
 *
 * <pre>{@code
 * try (LlmSimulator sim = LlmSimulator.builder().slots(64).groundTruth(true).build().start()) {
 *   URI base = sim.baseUri();            // http://127.0.0.1:<ephemeral port>
 *   ...
 *   List<GroundTruthRecord> truth = sim.groundTruth();
 * }
 * }</pre>
 */
public final class LlmSimulator implements AutoCloseable {
  /** Response header carrying the request id (also the chunks' {@code id}). */
  public static final String REQUEST_ID_HEADER = "x-sim-request-id";

  /**
   * Response header carrying the same request id under the name vLLM, OpenAI and most gateways use,
   * so that a client reads it from the simulator as it would from a real server.
   */
  public static final String RESPONSE_REQUEST_ID_HEADER = "x-request-id";

  /**
   * Request header naming the request (as vLLM's {@code X-Request-Id}): when it holds 1 to 128
   * characters of {@code [A-Za-z0-9._:-]}, it becomes the request id, so a client can join its own
   * figures with the ground truth.
   */
  public static final String CLIENT_REQUEST_ID_HEADER = "x-request-id";

  private static final Pattern CLIENT_REQUEST_ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

  /** Request header selecting faults, e.g. {@code x-sim-fault: status=503;retry-after=2}. */
  public static final String FAULT_HEADER = "x-sim-fault";

  /** Request header selecting fixed timing, e.g. {@code x-sim-timing: ttft=200;itl=20}. */
  public static final String TIMING_HEADER = "x-sim-timing";

  private static final int MAX_REQUEST_BYTES = 8 * 1024 * 1024;

  private final SimulatorConfig config;
  private final AtomicLong requestCounter = new AtomicLong();

  /**
   * The structured answers given so far under a {@code schema-invalid} fault: its {@code every=N}
   * spoils the N-th, 2N-th... of them, so that a test knows exactly how many are invalid.
   */
  private final AtomicLong faultedStructuredAnswers = new AtomicLong();

  private final AtomicLong statusFaultCandidates = new AtomicLong();

  private final GroundTruthLog groundTruthLog;
  private EngineThread engineThread;
  private PoolingEngine poolingEngine;
  private SimulatorMetrics metrics;
  private EventLoopGroup group;
  private Channel serverChannel;
  private int port = -1;
  private long startedEpochSeconds;

  private LlmSimulator(SimulatorConfig config) {
    this.config = config;
    this.groundTruthLog =
        config.groundTruth()
            ? new GroundTruthLog(config.groundTruthMaxRecords(), config.groundTruthFile())
            : null;
  }

  public static Builder builder() {
    return new Builder(new EnumMap<>(SimulatorSetting.class));
  }

  /** Binds the port and starts serving; returns this. */
  public synchronized LlmSimulator start() {
    if (serverChannel != null) throw new IllegalStateException("already started");
    ServerTransport transport = ServerTransport.open(config.transport(), config.ioThreads());
    group = transport.eventLoops();
    metrics = new SimulatorMetrics(config.model(), config.capacity().kvCacheTokens());
    engineThread = new EngineThread(config.capacity(), metrics);
    poolingEngine = new PoolingEngine(config.pooling());
    startedEpochSeconds = System.currentTimeMillis() / 1000;
    try {
      serverChannel =
          new ServerBootstrap()
              .group(group)
              .channel(transport.channelType())
              .option(ChannelOption.SO_BACKLOG, 4096)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                      if (config.idleTimeoutSeconds() > 0) {
                        // Neither read nor write for that long: a client that sent half a request,
                        // or left a keep-alive connection behind. A streaming response writes, and
                        // a stalled one (the stall fault) is the client's idle timeout to catch
                        // first (30 s by default).
                        ch.pipeline()
                            .addLast(new IdleStateHandler(0, 0, config.idleTimeoutSeconds()))
                            .addLast(new IdleConnectionCloser());
                      }
                      ch.pipeline()
                          .addLast(new HttpServerCodec())
                          .addLast(new HttpObjectAggregator(MAX_REQUEST_BYTES))
                          .addLast(new SimulatorHandler(LlmSimulator.this));
                    }
                  })
              .bind(new InetSocketAddress(config.host(), config.port()))
              .syncUninterruptibly()
              .channel();
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    port = ((InetSocketAddress) serverChannel.localAddress()).getPort();
    return this;
  }

  /** The bound port (the real one when configured with port 0). */
  public int port() {
    if (port < 0) throw new IllegalStateException("not started");
    return port;
  }

  /** {@code http://host:port}, without a trailing slash. */
  public URI baseUri() {
    return URI.create("http://" + config.host() + ":" + port());
  }

  public SimulatorConfig config() {
    return config;
  }

  /**
   * Ground-truth records of finished requests, oldest first (at most {@code groundTruthMaxRecords},
   * the most recent); empty when ground truth is off. A request appears once its response has
   * ended.
   */
  public List<GroundTruthRecord> groundTruth() {
    return groundTruthLog == null ? List.of() : groundTruthLog.snapshot();
  }

  /** Records dropped because the in-memory cap was reached. */
  public long groundTruthDropped() {
    return groundTruthLog == null ? 0 : groundTruthLog.dropped();
  }

  public void clearGroundTruth() {
    if (groundTruthLog != null) groundTruthLog.clear();
  }

  @Override
  public synchronized void close() {
    if (serverChannel != null) {
      serverChannel.close().syncUninterruptibly();
    }
    if (group != null) {
      group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
    if (engineThread != null) {
      engineThread.close();
    }
    if (poolingEngine != null) {
      poolingEngine.close();
    }
    if (groundTruthLog != null) {
      groundTruthLog.close();
    }
  }

  /** Counts one more structured answer under the fault; true when it is one to spoil. */
  boolean spoilsStructuredAnswer(int every) {
    return faultedStructuredAnswers.incrementAndGet() % every == 0;
  }

  /**
   * Whether this request gets the fault's status: always when it names no rate, else every {@code
   * statusEvery}-th request under a status fault, counted across connections.
   */
  boolean strikesStatus(FaultSpec fault) {
    return fault.status() != 0
        && (fault.statusEvery() == 1
            || statusFaultCandidates.incrementAndGet() % fault.statusEvery() == 0);
  }

  GroundTruthLog groundTruthLog() {
    return groundTruthLog;
  }

  SimulatorMetrics metrics() {
    return metrics;
  }

  PoolingEngine poolingEngine() {
    return poolingEngine;
  }

  EngineThread engineThread() {
    return engineThread;
  }

  long startedEpochSeconds() {
    return startedEpochSeconds;
  }

  String nextRequestId(ApiFormat format) {
    return format.idPrefix + requestCounter.incrementAndGet();
  }

  /** Names a generation response with its request id, under both headers. */
  static void setRequestId(HttpHeaders headers, String requestId) {
    headers.set(REQUEST_ID_HEADER, requestId).set(RESPONSE_REQUEST_ID_HEADER, requestId);
  }

  /** The client's request id when it is a safe token, else a new one of ours. */
  String requestId(String clientRequestId, ApiFormat format) {
    if (clientRequestId != null && CLIENT_REQUEST_ID.matcher(clientRequestId).matches()) {
      return clientRequestId;
    }
    return nextRequestId(format);
  }

  /**
   * Immutable builder: every method returns a new builder, so a shared base can be specialised
   * safely. Values are validated by {@link #build()}.
   */
  public static final class Builder {
    private final Map<SimulatorSetting, String> values;

    private Builder(Map<SimulatorSetting, String> values) {
      this.values = values;
    }

    /** Sets any setting by its enum constant (same as the {@code sim.<key>} property). */
    public Builder set(SimulatorSetting setting, Object value) {
      EnumMap<SimulatorSetting, String> copy = new EnumMap<>(SimulatorSetting.class);
      copy.putAll(values);
      copy.put(setting, String.valueOf(value));
      return new Builder(copy);
    }

    /**
     * Applies the {@code sim.*} system properties over the values set so far: the file {@code
     * sim.profile} names first, then every other {@code sim.*} property given, so that an explicit
     * setting wins over the profile's.
     */
    public Builder fromSystemProperties() {
      Builder b = this;
      String profile = System.getProperty(SimulatorSetting.PROFILE.propertyName());
      if (profile != null && !profile.isBlank()) {
        b = b.profile(java.nio.file.Path.of(profile.trim()));
      }
      for (SimulatorSetting setting : SimulatorSetting.values()) {
        if (setting == SimulatorSetting.PROFILE) continue;
        String value = System.getProperty(setting.propertyName());
        if (value != null) b = b.set(setting, value.trim());
      }
      return b;
    }

    /**
     * Applies a file of {@code sim.*} settings ({@link SimulatorProfile}, e.g. a fitted twin) over
     * the values set so far; settings given after this call win over the file's.
     *
     * @throws IllegalArgumentException in one line when the file is missing, unreadable or names an
     *     unknown setting
     */
    public Builder profile(java.nio.file.Path file) {
      Builder b = set(SimulatorSetting.PROFILE, file);
      for (Map.Entry<SimulatorSetting, String> e : SimulatorProfile.read(file).entrySet()) {
        b = b.set(e.getKey(), e.getValue());
      }
      return b;
    }

    public Builder host(String host) {
      return set(SimulatorSetting.HOST, host);
    }

    public Builder port(int port) {
      return set(SimulatorSetting.PORT, port);
    }

    public Builder ioThreads(int threads) {
      return set(SimulatorSetting.IO_THREADS, threads);
    }

    public Builder idleTimeoutSeconds(int seconds) {
      return set(SimulatorSetting.IDLE_TIMEOUT_SECONDS, seconds);
    }

    /**
     * {@code auto} (epoll when available, else NIO), {@code epoll}, {@code io_uring} or {@code
     * nio}.
     */
    public Builder transport(String transport) {
      return set(SimulatorSetting.TRANSPORT, transport);
    }

    public Builder model(String model) {
      return set(SimulatorSetting.MODEL, model);
    }

    public Builder defaultMaxTokens(int tokens) {
      return set(SimulatorSetting.DEFAULT_MAX_TOKENS, tokens);
    }

    public Builder eosProbability(double p) {
      return set(SimulatorSetting.EOS_PROBABILITY, p);
    }

    public Builder seed(long seed) {
      return set(SimulatorSetting.SEED, seed);
    }

    public Builder slots(int slots) {
      return set(SimulatorSetting.SLOTS, slots);
    }

    public Builder kvCacheTokens(long tokens) {
      return set(SimulatorSetting.KV_CACHE_TOKENS, tokens);
    }

    public Builder decodeStepBaseMicros(long micros) {
      return set(SimulatorSetting.DECODE_STEP_BASE_MICROS, micros);
    }

    public Builder decodeStepPerStreamMicros(double micros) {
      return set(SimulatorSetting.DECODE_STEP_PER_STREAM_MICROS, micros);
    }

    public Builder decodeStepExponent(double exponent) {
      return set(SimulatorSetting.DECODE_STEP_EXPONENT, exponent);
    }

    public Builder prefillBaseMicros(long micros) {
      return set(SimulatorSetting.PREFILL_BASE_MICROS, micros);
    }

    public Builder prefillPerTokenMicros(double micros) {
      return set(SimulatorSetting.PREFILL_PER_TOKEN_MICROS, micros);
    }

    public Builder attentionPerTokenPairNanos(double nanos) {
      return set(SimulatorSetting.ATTENTION_PER_TOKEN_PAIR_NANOS, nanos);
    }

    public Builder idleStartMicros(long micros) {
      return set(SimulatorSetting.IDLE_START_MICROS, micros);
    }

    public Builder maxPrefillTokensPerStep(int tokens) {
      return set(SimulatorSetting.MAX_PREFILL_TOKENS_PER_STEP, tokens);
    }

    public Builder prefillBlocksDecode(boolean blocks) {
      return set(SimulatorSetting.PREFILL_BLOCKS_DECODE, blocks);
    }

    public Builder requestOverheadMicros(long micros) {
      return set(SimulatorSetting.REQUEST_OVERHEAD_MICROS, micros);
    }

    public Builder maxWaitingSteps(int steps) {
      return set(SimulatorSetting.MAX_WAITING_STEPS, steps);
    }

    public Builder waitingServedRatio(double ratio) {
      return set(SimulatorSetting.WAITING_SERVED_RATIO, ratio);
    }

    /** {@code chunked} (the default) or {@code tgi}, as {@code sim.scheduler} is written. */
    public Builder scheduler(String scheduler) {
      return set(SimulatorSetting.SCHEDULER, scheduler);
    }

    public Builder maxBatchedTokens(int tokens) {
      return set(SimulatorSetting.MAX_BATCHED_TOKENS, tokens);
    }

    public Builder prefixCache(boolean enabled) {
      return set(SimulatorSetting.PREFIX_CACHE, enabled);
    }

    public Builder blockSize(int tokens) {
      return set(SimulatorSetting.BLOCK_SIZE, tokens);
    }

    /** Copies every scheduling setting from {@code policy}. */
    private Builder scheduling(SchedulingPolicy policy) {
      return scheduler(policy.scheduler().settingValue())
          .maxBatchedTokens(policy.maxBatchedTokens())
          .prefixCache(policy.prefixCache())
          .blockSize(policy.blockTokens());
    }

    /** Copies every capacity parameter, the scheduling policy included, from {@code model}. */
    public Builder capacity(CapacityModel model) {
      return slots(model.slots())
          .kvCacheTokens(model.kvCacheTokens())
          .decodeStepBaseMicros(model.decodeStepBaseMicros())
          .decodeStepPerStreamMicros(model.decodeStepPerStreamMicros())
          .decodeStepExponent(model.decodeStepExponent())
          .prefillBaseMicros(model.prefillBaseMicros())
          .prefillPerTokenMicros(model.prefillPerTokenMicros())
          .attentionPerTokenPairNanos(model.attentionPerTokenPairNanos())
          .idleStartMicros(model.idleStartMicros())
          .maxPrefillTokensPerStep(model.maxPrefillTokensPerStep())
          .prefillBlocksDecode(model.prefillBlocksDecode())
          .requestOverheadMicros(model.requestOverheadMicros())
          .maxWaitingSteps(model.maxWaitingSteps())
          .waitingServedRatio(model.waitingServedRatio())
          .scheduling(model.scheduling());
    }

    /** A fault for every request, in the {@code x-sim-fault} header syntax. */
    public Builder fault(String spec) {
      return set(SimulatorSetting.FAULT, spec);
    }

    /** Fixed timing for every request, in the {@code x-sim-timing} header syntax. */
    public Builder timing(String spec) {
      return set(SimulatorSetting.TIMING, spec);
    }

    public Builder groundTruth(boolean enabled) {
      return set(SimulatorSetting.GROUND_TRUTH, enabled);
    }

    public Builder groundTruthMaxRecords(int records) {
      return set(SimulatorSetting.GROUND_TRUTH_MAX_RECORDS, records);
    }

    public Builder groundTruthFile(java.nio.file.Path file) {
      return set(SimulatorSetting.GROUND_TRUTH_FILE, file == null ? "" : file.toString());
    }

    /** The validated configuration. */
    public SimulatorConfig config() {
      return new SimulatorConfig(values);
    }

    /** A simulator, not started yet: call {@link LlmSimulator#start()}. */
    public LlmSimulator build() {
      return new LlmSimulator(config());
    }
  }
}
