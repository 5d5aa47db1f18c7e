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
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
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
 * Load benchmark of the simulator (not a unit test): many concurrent SSE streams from a raw Netty client on
 * loopback; reports token events/s served and write lateness against the schedule from the ground-truth log.
 *
 * <p>The client runs in a child JVM (same classpath) so each process stays under the per-process open-file
 * limit (10,000 streams need 20,000 sockets on one machine) and so the server's CPU figure is its own.
 *
 * <pre>
 *   ./mvnw -q test-compile exec:java -Dexec.mainClass=dev.gatlingllm.simulator.SimulatorLoadBenchmark \
 *       -Dbench.streams=10000 -Dbench.itlMs=50 -Dbench.seconds=20 -Dbench.mode=fixed
 * </pre>
 *
 * Properties: {@code bench.streams} (10000), {@code bench.itlMs} (50: each stream's gap between tokens),
 * {@code bench.tokens} (100 per request, then the next request on the same connection), {@code bench.seconds}
 * (20 measured, after {@code bench.warmupSeconds} 10 which include the connection ramp), {@code bench.mode}
 * ({@code fixed}: per-stream timers via x-sim-timing; {@code engine}: the batching engine with one slot per
 * stream and a flat {@code itlMs} step, so every stream's token of a step is due at the same instant),
 * {@code bench.serverThreads} (2), {@code bench.clientThreads} (2), {@code bench.transport} ({@code epoll} or
 * {@code io_uring}, server and client).
 */
public final class SimulatorLoadBenchmark {
  private SimulatorLoadBenchmark() {}

  public static void main(String[] args) throws Exception {
    io.netty.util.internal.logging.InternalLoggerFactory.setDefaultFactory(
        io.netty.util.internal.logging.JdkLoggerFactory.INSTANCE);
    if (args.length > 0 && args[0].equals("client")) {
      Client.run(Integer.parseInt(args[1]), Integer.parseInt(args[2]), args[3], Integer.parseInt(args[4]),
          Long.parseLong(args[5]), Integer.parseInt(args[6]), args[7]);
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

    LlmSimulator.Builder builder = LlmSimulator.builder().ioThreads(serverThreads).transport(transport)
        .groundTruth(true)
        .groundTruthMaxRecords(1_000_000);
    if (mode.equals("engine")) {
      builder = builder.slots(streams).kvCacheTokens(Long.MAX_VALUE / 4).decodeStepBaseMicros(itlMs * 1_000L)
          .decodeStepPerStreamMicros(0).prefillBaseMicros(0).prefillPerTokenMicros(0).requestOverheadMicros(0)
          .maxWaitingSteps(0);
    }
    try (LlmSimulator simulator = builder.build().start()) {
      String timing = mode.equals("engine") ? "-" : "ttft=" + itlMs + ";itl=" + itlMs;
      long runSeconds = warmup + seconds;
      Process client = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
          "-cp", System.getProperty("java.class.path"), SimulatorLoadBenchmark.class.getName(), "client",
          String.valueOf(simulator.port()), String.valueOf(streams), timing, String.valueOf(tokens),
          String.valueOf(runSeconds), String.valueOf(clientThreads), transport)
          .redirectError(ProcessBuilder.Redirect.INHERIT).start();
      Thread.sleep(warmup * 1_000L);
      long windowStart = System.nanoTime();
      long cpuStart = processCpuNanos();
      Thread.sleep(seconds * 1_000L);
      long windowEnd = System.nanoTime();
      long cpuEnd = processCpuNanos();
      String clientReport;
      try (BufferedReader out = new BufferedReader(new InputStreamReader(client.getInputStream(),
          StandardCharsets.UTF_8))) {
        StringBuilder sb = new StringBuilder();
        for (String line = out.readLine(); line != null; line = out.readLine()) sb.append(line).append('\n');
        clientReport = sb.toString().trim();
      }
      client.waitFor(60, TimeUnit.SECONDS);
      Thread.sleep(500); // last records of abandoned streams

      Histogram lateness = new Histogram(60_000_000_000L, 3);
      long events = 0;
      long tokensInWindow = 0;
      long early = 0;
      for (GroundTruthRecord record : simulator.groundTruth()) {
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
        // when did late writes happen (ms since window start, 100 ms buckets) and how late were they
        java.util.TreeMap<Long, long[]> buckets = new java.util.TreeMap<>();
        for (GroundTruthRecord record : simulator.groundTruth()) {
          for (GroundTruthRecord.Event e : record.contentEvents()) {
            if (e.writeNanos() < windowStart || e.writeNanos() >= windowEnd) continue;
            long[] b = buckets.computeIfAbsent((e.writeNanos() - windowStart) / 100_000_000, k -> new long[2]);
            b[0]++;
            b[1] = Math.max(b[1], e.latenessNanos());
          }
        }
        buckets.forEach((k, v) -> System.out.println("t=" + k * 100 + "ms events=" + v[0] + " maxLateMs=" + v[1] / 1_000_000));
      }
      double window = (windowEnd - windowStart) / 1e9;
      System.out.printf(Locale.ROOT,
          "mode=%s transport=%s streams=%d itl=%dms tokens/request=%d window=%.1fs serverThreads=%d%n",
          mode, transport, streams, itlMs, tokens, window, serverThreads);
      System.out.printf(Locale.ROOT, "server: %.0f content events/s (%.0f tokens/s), server CPU %.0f%% of one core%n",
          events / window, tokensInWindow / window, 100.0 * (cpuEnd - cpuStart) / (windowEnd - windowStart));
      System.out.printf(Locale.ROOT,
          "write lateness vs schedule (ms): p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f  (n=%d, early<20us: %d)%n",
          lateness.getValueAtPercentile(50) / 1e6, lateness.getValueAtPercentile(90) / 1e6,
          lateness.getValueAtPercentile(99) / 1e6, lateness.getValueAtPercentile(99.9) / 1e6,
          lateness.getMaxValue() / 1e6, lateness.getTotalCount(), early);
      System.out.println("client: " + clientReport);
      System.out.println("ground-truth records kept: " + simulator.groundTruth().size()
          + ", dropped: " + simulator.groundTruthDropped());
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

    static void run(int port, int streams, String timing, int tokens, long runSeconds, int threads,
                    String transport) throws Exception {
      boolean uring = transport.equals("io_uring");
      boolean epoll = !uring && Epoll.isAvailable();
      EventLoopGroup group = new MultiThreadIoEventLoopGroup(threads, uring ? IoUringIoHandler.newFactory()
          : epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
      byte[] body = ("{\"prompt\":\"benchmark prompt\",\"max_tokens\":" + tokens
          + ",\"ignore_eos\":true,\"stream\":true}").getBytes(StandardCharsets.UTF_8);
      ByteBuf shared = Unpooled.unreleasableBuffer(Unpooled.directBuffer(body.length).writeBytes(body));
      Bootstrap bootstrap = new Bootstrap().group(group)
          .channel(uring ? IoUringSocketChannel.class : epoll ? EpollSocketChannel.class : NioSocketChannel.class)
          .option(ChannelOption.TCP_NODELAY, true)
          .handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              ch.pipeline().addLast(new HttpClientCodec()).addLast(new StreamHandler(shared, timing));
            }
          });
      List<Channel> channels = new ArrayList<>(streams);
      long rampNanos = 5_000_000_000L; // connect over 5 s so the streams' schedules spread out
      long start = System.nanoTime();
      for (int i = 0; i < streams; i++) {
        long due = start + rampNanos * i / streams;
        long wait = due - System.nanoTime();
        if (wait > 0) Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        try {
          channels.add(bootstrap.connect("127.0.0.1", port).sync().channel());
        } catch (Exception e) {
          ERRORS.increment();
        }
      }
      long end = start + runSeconds * 1_000_000_000L;
      long lastEvents = 0;
      while (System.nanoTime() < end) {
        Thread.sleep(1_000);
        long now = EVENTS.sum();
        System.err.println("client events/s " + (now - lastEvents) + " connected " + channels.size());
        lastEvents = now;
      }
      System.out.printf(Locale.ROOT, "connections=%d events received=%d requests completed=%d errors=%d, "
          + "client CPU %.0f%% of one core%n", channels.size(), EVENTS.sum(), REQUESTS.sum(), ERRORS.sum(),
          100.0 * processCpuNanos() / (System.nanoTime() - start));
      for (Channel ch : channels) ch.close();
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
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST,
            "/v1/completions", body.retainedDuplicate());
        request.headers().set(HttpHeaderNames.HOST, "127.0.0.1")
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
