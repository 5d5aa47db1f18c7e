/*
 * The kernel's ceiling for the simulator's write pattern on this machine, with no JVM and no HTTP: one
 * thread writes one SSE-sized message per send() to N loopback TCP connections in turn, as fast as it can;
 * another thread drains them with epoll. Whatever rate this reaches is the most one-send-per-token-event
 * can reach here, for any server.
 *
 *   gcc -O2 -pthread -o target/loopback-ceiling src/bench/c/loopback_ceiling.c
 *   target/loopback-ceiling <connections> <seconds> [message bytes] [reader threads]
 *
 * Prints sends/s and each side's CPU (user + system) per message.
 *
 *   target/loopback-ceiling <connections> <seconds> <message bytes> <reader threads> <messages/s>
 *
 * With a rate, the writer paces its sends evenly (a sleeping writer, like a server's timers) and every
 * message carries its send time: the readers print the delivery latency (read - send) p50 / p99 / p99.9 /
 * max, the floor that any client's timing error has on this machine.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static atomic_int stop;
static long *latencies;            /* delivery latency of each paced message, ns */
static atomic_long latency_count;
static long latency_capacity;
static int paced;
static atomic_long received_bytes;
static int message_size;
static int epfd;

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000000L + t.tv_nsec;
}

static int compare_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return x < y ? -1 : x > y;
}

static double thread_cpu_s(void) {
  struct rusage u;
  getrusage(RUSAGE_THREAD, &u);
  return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

typedef struct {
  double cpu;
} reader_result;

static void *reader(void *arg) {
  reader_result *result = arg;
  struct epoll_event events[256];
  char buf[65536];
  double cpu0 = thread_cpu_s();
  while (!atomic_load(&stop)) {
    int n = epoll_wait(epfd, events, 256, 100);
    for (int i = 0; i < n; i++) {
      for (;;) {
        ssize_t r = read(events[i].data.fd, buf, sizeof buf);
        if (r > 0) {
          atomic_fetch_add(&received_bytes, r);
          if (paced) {
            /* paced messages are far apart on one connection: a read holds whole messages, stamp first */
            long now = now_ns();
            for (ssize_t off = 0; off + (ssize_t)sizeof(long) <= r; off += message_size) {
              long sent;
              memcpy(&sent, buf + off, sizeof sent);
              long k = atomic_fetch_add(&latency_count, 1);
              if (k < latency_capacity) latencies[k] = now - sent;
            }
          }
          continue;
        }
        break; /* EAGAIN: drained */
      }
    }
  }
  result->cpu = thread_cpu_s() - cpu0;
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s <connections> <seconds> [message bytes] [reader threads]\n", argv[0]);
    return 2;
  }
  int connections = atoi(argv[1]);
  double seconds = atof(argv[2]);
  int size = argc > 3 ? atoi(argv[3]) : 230;
  int readers = argc > 4 ? atoi(argv[4]) : 1;
  double rate = argc > 5 ? atof(argv[5]) : 0;
  paced = rate > 0;
  message_size = size < (int)sizeof(long) ? (int)sizeof(long) : size;
  size = message_size;
  if (paced) {
    latency_capacity = (long)(rate * seconds) + 1000;
    latencies = malloc(latency_capacity * sizeof(long));
  }

  int listener = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in addr = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  if (bind(listener, (struct sockaddr *)&addr, sizeof addr) || listen(listener, 4096)) {
    perror("listen");
    return 1;
  }
  socklen_t len = sizeof addr;
  getsockname(listener, (struct sockaddr *)&addr, &len);

  int *senders = calloc(connections, sizeof(int));
  epfd = epoll_create1(0);
  for (int i = 0; i < connections; i++) {
    int c = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    int one = 1;
    setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    connect(c, (struct sockaddr *)&addr, sizeof addr); /* EINPROGRESS on loopback completes at accept */
    int s = accept(listener, NULL, NULL);
    if (s < 0) {
      perror("accept");
      return 1;
    }
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); /* as the simulator's channels */
    senders[i] = s;
    struct epoll_event ev = {.events = EPOLLIN, .data.fd = c};
    epoll_ctl(epfd, EPOLL_CTL_ADD, c, &ev);
  }

  pthread_t threads[16];
  reader_result results[16];
  for (int r = 0; r < readers && r < 16; r++) {
    pthread_create(&threads[r], NULL, reader, &results[r]);
  }

  char *message = malloc(size);
  memset(message, 'x', size);
  long sent = 0, blocked = 0;
  double start = now_s(), cpu0 = thread_cpu_s();
  double end = start + seconds;
  if (paced) {
    long interval = (long)(1e9 / rate), next = now_ns();
    for (int i = 0; now_s() < end; i = (i + 1) % connections) {
      next += interval;
      long wait = next - now_ns();
      if (wait > 0) {
        struct timespec d = {wait / 1000000000L, wait % 1000000000L};
        nanosleep(&d, NULL);
      }
      long stamp = now_ns();
      memcpy(message, &stamp, sizeof stamp);
      if (send(senders[i], message, size, MSG_DONTWAIT) == size) sent++; else blocked++;
    }
    sleep(1); /* the last messages */
  } else {
    while (now_s() < end) {
      for (int i = 0; i < connections; i++) {
        ssize_t w = send(senders[i], message, size, MSG_DONTWAIT);
        if (w == size) {
          sent++;
        } else {
          blocked++; /* the reader is behind on this connection */
        }
      }
    }
  }
  double elapsed = now_s() - start, sender_cpu = thread_cpu_s() - cpu0;
  atomic_store(&stop, 1);
  double reader_cpu = 0;
  for (int r = 0; r < readers && r < 16; r++) {
    pthread_join(threads[r], NULL);
    reader_cpu += results[r].cpu;
  }
  printf("connections=%d message=%d B readers=%d: %.0f sends/s (%ld in %.1f s, %ld refused as full), "
         "%.0f messages/s received\n",
         connections, size, readers, sent / elapsed, sent, elapsed, blocked,
         atomic_load(&received_bytes) / (double)size / elapsed);
  printf("sender CPU %.0f %% of a core, %.2f us per send; reader CPU %.0f %% of a core, %.2f us per message\n",
         100 * sender_cpu / elapsed, 1e6 * sender_cpu / sent, 100 * reader_cpu / elapsed,
         1e6 * reader_cpu / (atomic_load(&received_bytes) / (double)size));
  if (paced) {
    long n = atomic_load(&latency_count);
    if (n > latency_capacity) n = latency_capacity;
    qsort(latencies, n, sizeof(long), compare_long);
    printf("paced at %.0f messages/s: delivery latency (read - send) p50 %.3f p90 %.3f p99 %.3f p99.9 %.3f "
           "max %.3f ms (n=%ld)\n", rate, latencies[n / 2] / 1e6, latencies[n * 9 / 10] / 1e6,
           latencies[n * 99 / 100] / 1e6, latencies[n * 999 / 1000] / 1e6, latencies[n - 1] / 1e6, n);
  }
  return 0;
}
