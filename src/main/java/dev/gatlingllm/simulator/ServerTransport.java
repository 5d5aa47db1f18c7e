package dev.gatlingllm.simulator;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;

/**
 * The simulator's event loops and server channel for a {@code sim.transport}, on the Netty the
 * user's Gatling brings: Netty 4.2 (Gatling 3.14 and newer) has the {@code IoHandler} API and
 * io_uring; Netty 4.1 (Gatling 3.13) has neither, only the per-transport event-loop groups, which
 * 4.2 still keeps (deprecated). Classes are resolved when first used, so on Netty 4.1 the 4.2-only
 * ones below are never touched.
 */
record ServerTransport(EventLoopGroup eventLoops, Class<? extends ServerChannel> channelType) {
  /** True on Netty 4.2 and newer. */
  static final boolean IO_HANDLER_API = present("io.netty.channel.IoHandlerFactory");

  /**
   * @param transport {@code auto} (epoll when available, else NIO), {@code epoll}, {@code io_uring}
   *     or {@code nio}
   * @throws IllegalStateException for io_uring on Netty 4.1
   */
  static ServerTransport open(String transport, int threads) {
    String chosen = transport.equals("auto") ? (Epoll.isAvailable() ? "epoll" : "nio") : transport;
    if (!IO_HANDLER_API) {
      return netty41(chosen, threads);
    }
    return switch (chosen) {
      case "epoll" ->
          new ServerTransport(
              new MultiThreadIoEventLoopGroup(threads, EpollIoHandler.newFactory()),
              EpollServerSocketChannel.class);
      case "io_uring" ->
          new ServerTransport(
              new MultiThreadIoEventLoopGroup(threads, IoUringIoHandler.newFactory()),
              IoUringServerSocketChannel.class);
      default ->
          new ServerTransport(
              new MultiThreadIoEventLoopGroup(threads, NioIoHandler.newFactory()),
              NioServerSocketChannel.class);
    };
  }

  @SuppressWarnings("deprecation") // the only event-loop groups Netty 4.1 has
  private static ServerTransport netty41(String transport, int threads) {
    return switch (transport) {
      case "epoll" ->
          new ServerTransport(
              new io.netty.channel.epoll.EpollEventLoopGroup(threads),
              EpollServerSocketChannel.class);
      case "io_uring" ->
          throw new IllegalStateException(
              "sim.transport=io_uring needs Netty 4.2 (Gatling 3.14 or newer); this Gatling brings Netty 4.1");
      default ->
          new ServerTransport(
              new io.netty.channel.nio.NioEventLoopGroup(threads), NioServerSocketChannel.class);
    };
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, EventLoopGroup.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
