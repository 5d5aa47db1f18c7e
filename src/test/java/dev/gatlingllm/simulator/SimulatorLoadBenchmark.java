package dev.gatlingllm.simulator;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Load benchmark of the simulator (not a unit test): many concurrent SSE streams from a raw Netty
 * client on loopback; reports token events/s served and write lateness against the schedule from
 * the ground-truth log.
 *
 * <p>The client runs in a child JVM (same classpath) so each process stays under the per-process
 * open-file limit (10,000 streams need 20,000 sockets on one machine) and so the server's CPU
 * figure is its own.
 *
 * <pre>
 *   ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.gatlingllm.simulator.SimulatorLoadBenchmark \
 *       -Dbench.streams=10000 -Dbench.itlMs=50 -Dbench.seconds=20 -Dbench.mode=fixed
 * </pre>
 *
 * Properties: {@code bench.streams} (10000), {@code bench.itlMs} (50: each stream's gap between
 * tokens), {@code bench.tokens} (100 per request, then the next request on the same connection),
 * {@code bench.seconds} (20 measured, after the client's connections are up and {@code
 * bench.warmupSeconds} 10 more), {@code bench.rampSeconds} (5: connections opened evenly over it),
 * {@code bench.mode} ({@code fixed}: per-stream timers via x-sim-timing; {@code engine}: the
 * batching engine with one slot per stream and a flat {@code itlMs} step, so every stream's token
 * of a step is due at the same instant; {@code model}: the default capacity model as served,
 * 256-token prompts), {@code bench.serverThreads} (2), {@code bench.clientThreads} (2), {@code
 * bench.transport} ({@code epoll} or {@code io_uring}, server and client).
 */
public final class SimulatorLoadBenchmark {
  private SimulatorLoadBenchmark() {}

  /**
   * The classpath this class was loaded from: under {@code exec:java} the JVM's own {@code
   * java.class.path} is Maven's launcher, and the project's classes sit in the plugin's URL class
   * loader.
   */
  private static String classPath() {
    if (SimulatorLoadBenchmark.class.getClassLoader() instanceof java.net.URLClassLoader loader) {
      List<String> entries = new ArrayList<>();
      for (java.net.URL url : loader.getURLs()) {
        try {
          entries.add(java.nio.file.Path.of(url.toURI()).toString());
        } catch (java.net.URISyntaxException e) {
          throw new IllegalStateException("classpath entry " + url, e);
        }
      }
      return String.join(java.io.File.pathSeparator, entries);
    }
    return System.getProperty("java.class.path");
  }

  public static void main(String[] args) throws Exception {
    io.netty.util.internal.logging.InternalLoggerFactory.setDefaultFactory(
        io.netty.util.internal.logging.JdkLoggerFactory.INSTANCE);
    if (args.length > 0 && args[0].equals("client")) {
      Client.run(
          Integer.parseInt(args[1]),
          Integer.parseInt(args[2]),
          args[3],
          Integer.parseInt(args[4]),
          Integer.parseInt(args[5]),
          Integer.parseInt(args[6]),
          args[7]);
      return;
    }
    int streams = Integer.getInteger("bench.streams", 10_000);
    int itlMs = Integer.getInteger("bench.itlMs", 50);
    int tokens = Integer.getInteger("bench.tokens", 100);
    int seconds = Integer.getInteger("bench.seconds", 20);
    int warmup = Integer.getInteger("bench.warmupSeconds", 10);
    String mode = System.getProperty("bench.mode", "fixed");
    int serverThreads = Integer.getInteger("bench.serverThreads", 2);
    int clientThreads = Integer.getInteger("bench.clientThreads", 2);
    String transport = System.getProperty("bench.transport", "epoll");

    LlmSimulator.Builder builder =
        LlmSimulator.builder()
            .ioThreads(serverThreads)
            .transport(transport)
            .groundTruth(true)
            .groundTruthMaxRecords(1_000_000);
    if (mode.equals("engine")) {
      builder =
          builder
              .slots(streams)
              .kvCacheTokens(Long.MAX_VALUE / 4)
              .decodeStepBaseMicros(itlMs * 1_000L)
              .decodeStepPerStreamMicros(0)
              .prefillBaseMicros(0)
              .prefillPerTokenMicros(0)
              .requestOverheadMicros(0)
              .maxWaitingSteps(0);
    }
    try (LlmSimulator simulator = builder.build().start()) {
      String timing = mode.equals("fixed") ? "ttft=" + itlMs + ";itl=" + itlMs : "-";
      int rampSeconds = Integer.getInteger("bench.rampSeconds", 5);
      Process client =
          new ProcessBuilder(
                  ProcessHandle.current().info().command().orElse("java"),
                  "-cp",
                  classPath(),
                  SimulatorLoadBenchmark.class.getName(),
                  "client",
                  String.valueOf(simulator.port()),
                  String.valueOf(streams),
                  timing,
                  String.valueOf(tokens),
                  String.valueOf(rampSeconds),
                  String.valueOf(clientThreads),
                  transport)
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
      String ready = out.readLine(); // the client says when all its connections are up
      System.out.println("client: " + ready);
      Thread.sleep(warmup * 1_000L);
      long windowStart = System.nanoTime();
      long cpuStart = processCpuNanos();
      Thread.sleep(seconds * 1_000L);
      long windowEnd = System.nanoTime();
      long cpuEnd = processCpuNanos();
      client.getOutputStream().write("stop\n".getBytes(StandardCharsets.US_ASCII));
      client.getOutputStream().flush();
      String clientReport = out.readLine();
      client.waitFor(60, TimeUnit.SECONDS);
      Thread.sleep(500); // last records of abandoned streams

      Histogram lateness = new Histogram(60_000_000_000L, 3);
      long events = 0;
      long tokensInWindow = 0;
      long early = 0;
      Histogram ttft = new Histogram(60_000_000_000L, 3);
      double speedSum = 0;
      int speedCount = 0;
      for (GroundTruthRecord record : simulator.groundTruth()) {
        List<GroundTruthRecord.Event> content = record.contentEvents();
        if (record.receivedNanos() >= windowStart
            && record.receivedNanos() < windowEnd
            && !content.isEmpty()) {
          ttft.recordValue(content.get(0).writeNanos() - record.receivedNanos());
          if (content.size() > 1 && record.outcome().equals("length")) {
            long span = content.get(content.size() - 1).writeNanos() - content.get(0).writeNanos();
            speedSum += (content.size() - 1) / (span / 1e9);
            speedCount++;
          }
        }
        for (GroundTruthRecord.Event e : record.contentEvents()) {
          if (e.writeNanos() < windowStart || e.writeNanos() >= windowEnd) continue;
          events++;
          tokensInWindow += e.tokens();
          long late = e.latenessNanos();
          if (late < 0) early++;
          lateness.recordValue(Math.max(0, late));
        }
      }
      if (Boolean.getBoolean("bench.debug")) {
        // when did late writes happen (ms since window start, 100 ms buckets) and how late were
        // they
        java.util.TreeMap<Long, long[]> buckets = new java.util.TreeMap<>();
        for (GroundTruthRecord record : simulator.groundTruth()) {
          for (GroundTruthRecord.Event e : record.contentEvents()) {
            if (e.writeNanos() < windowStart || e.writeNanos() >= windowEnd) continue;
            long[] b =
                buckets.computeIfAbsent(
                    (e.writeNanos() - windowStart) / 100_000_000, k -> new long[2]);
            b[0]++;
            b[1] = Math.max(b[1], e.latenessNanos());
          }
        }
        buckets.forEach(
            (k, v) ->
                System.out.println(
                    "t=" + k * 100 + "ms events=" + v[0] + " maxLateMs=" + v[1] / 1_000_000));
      }
      double window = (windowEnd - windowStart) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "mode=%s transport=%s streams=%d itl=%dms tokens/request=%d window=%.1fs serverThreads=%d%n",
          mode,
          transport,
          streams,
          itlMs,
          tokens,
          window,
          serverThreads);
      System.out.printf(
          Locale.ROOT,
          "server: %.0f content events/s (%.0f tokens/s), server CPU %.0f%% of one core%n",
          events / window,
          tokensInWindow / window,
          100.0 * (cpuEnd - cpuStart) / (windowEnd - windowStart));
      System.out.printf(
          Locale.ROOT,
          "write lateness vs schedule (ms): p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f  (n=%d, early<20us: %d)%n",
          lateness.getValueAtPercentile(50) / 1e6,
          lateness.getValueAtPercentile(90) / 1e6,
          lateness.getValueAtPercentile(99) / 1e6,
          lateness.getValueAtPercentile(99.9) / 1e6,
          lateness.getMaxValue() / 1e6,
          lateness.getTotalCount(),
          early);
      System.out.printf(
          Locale.ROOT,
          "server-side TTFT of requests received in the window (ms): p50 %.1f  p99 %.1f;"
              + " per-stream speed %.1f tok/s (n=%d)%n",
          ttft.getValueAtPercentile(50) / 1e6,
          ttft.getValueAtPercentile(99) / 1e6,
          speedCount == 0 ? 0 : speedSum / speedCount,
          speedCount);
      System.out.println("client: " + clientReport);
      System.out.println(
          "ground-truth records kept: "
              + simulator.groundTruth().size()
              + ", dropped: "
              + simulator.groundTruthDropped());
    }
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** The load generator: one keep-alive connection per stream, next request as soon as one ends. */
  static final class Client {
    private static final LongAdder EVENTS = new LongAdder();
    private static final LongAdder REQUESTS = new LongAdder();
    private static final LongAdder ERRORS = new LongAdder();

    static void run(
        int port,
        int streams,
        String timing,
        int tokens,
        int rampSeconds,
        int threads,
        String transport)
        throws Exception {
      boolean uring = transport.equals("io_uring");
      boolean epoll = !uring && Epoll.isAvailable();
      EventLoopGroup group =
          new MultiThreadIoEventLoopGroup(
              threads,
              uring
                  ? IoUringIoHandler.newFactory()
                  : epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
      // 256 prompt tokens: the reference workload of the default capacity model
      String prompt = "benchmark" + " prompt".repeat(255);
      byte[] body =
          ("{\"prompt\":\""
                  + prompt
                  + "\",\"max_tokens\":"
                  + tokens
                  + ",\"ignore_eos\":true,\"stream\":true}")
              .getBytes(StandardCharsets.UTF_8);
      ByteBuf shared =
          Unpooled.unreleasableBuffer(Unpooled.directBuffer(body.length).writeBytes(body));
      Bootstrap bootstrap =
          new Bootstrap()
              .group(group)
              .channel(
                  uring
                      ? IoUringSocketChannel.class
                      : epoll ? EpollSocketChannel.class : NioSocketChannel.class)
              .option(ChannelOption.TCP_NODELAY, true)
              .handler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                      ch.pipeline()
                          .addLast(new HttpClientCodec())
                          .addLast(new StreamHandler(shared, timing));
                    }
                  });
      // connect over the ramp, without waiting for each connection, so the streams' schedules
      // spread out
      List<Channel> channels = java.util.Collections.synchronizedList(new ArrayList<>(streams));
      java.util.concurrent.CountDownLatch connected =
          new java.util.concurrent.CountDownLatch(streams);
      long rampNanos = rampSeconds * 1_000_000_000L;
      long start = System.nanoTime();
      for (int i = 0; i < streams; i++) {
        long wait = start + rampNanos * i / streams - System.nanoTime();
        if (wait > 0) Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        bootstrap
            .connect("127.0.0.1", port)
            .addListener(
                (io.netty.channel.ChannelFuture f) -> {
                  if (f.isSuccess()) channels.add(f.channel());
                  else ERRORS.increment();
                  connected.countDown();
                });
      }
      connected.await(120, TimeUnit.SECONDS);
      System.out.printf(
          Locale.ROOT,
          "%d connections up after %.1f s%n",
          channels.size(),
          (System.nanoTime() - start) / 1e9);
      System.out.flush();
      Thread progress =
          new Thread(
              () -> {
                long last = 0;
                while (!Thread.currentThread().isInterrupted()) {
                  try {
                    Thread.sleep(5_000);
                  } catch (InterruptedException e) {
                    return;
                  }
                  long now = EVENTS.sum();
                  System.err.println("client: " + (now - last) / 5 + " events/s");
                  last = now;
                }
              });
      progress.setDaemon(true);
      progress.start();
      long cpuStart = processCpuNanos();
      long runStart = System.nanoTime();
      long eventsStart = EVENTS.sum();
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII))
          .readLine(); // "stop"
      double elapsed = (System.nanoTime() - runStart) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "connections=%d, %.0f events/s received after the ramp, requests completed=%d,"
              + " errors=%d, client CPU %.0f%% of one core%n",
          channels.size(),
          (EVENTS.sum() - eventsStart) / elapsed,
          REQUESTS.sum(),
          ERRORS.sum(),
          100.0 * (processCpuNanos() - cpuStart) / (elapsed * 1e9));
      System.out.flush();
      progress.interrupt();
      synchronized (channels) {
        for (Channel ch : channels) ch.close();
      }
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }

    private static final class StreamHandler extends SimpleChannelInboundHandler<HttpObject> {
      private final ByteBuf body;
      private final String timing;

      StreamHandler(ByteBuf body, String timing) {
        this.body = body;
        this.timing = timing;
      }

      @Override
      public void channelActive(ChannelHandlerContext ctx) {
        send(ctx);
      }

      private void send(ChannelHandlerContext ctx) {
        FullHttpRequest request =
            new DefaultFullHttpRequest(
                HttpVersion.HTTP_1_1, HttpMethod.POST, "/v1/completions", body.retainedDuplicate());
        request
            .headers()
            .set(HttpHeaderNames.HOST, "127.0.0.1")
            .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
            .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        if (!timing.equals("-")) request.headers().set(LlmSimulator.TIMING_HEADER, timing);
        ctx.writeAndFlush(request);
      }

      @Override
      protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
        if (msg instanceof HttpContent content && content.content().isReadable()) {
          EVENTS.increment();
        }
        if (msg instanceof LastHttpContent) {
          REQUESTS.increment();
          send(ctx);
        }
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ERRORS.increment();
        ctx.close();
      }
    }
  }
}
