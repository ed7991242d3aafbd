// The delay line behind `deflate-bench linkcheck` (see include/DelayLine.h). Written in C so the
// forwarding loop has no allocation, reference counting or runtime locks between a packet's due
// time and its write: the loop's lateness is what the link check records as its own accuracy.
#define _GNU_SOURCE
#include "DelayLine.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define SLOT_BYTES 2048
#define SPIN_NS 200000ull
#define SLOTS 8192 // per direction: far more than a queue of 1 BDP + 64 packets plus the packets in flight

typedef struct {
  uint64_t due_ns;
  uint32_t length;
  unsigned char data[SLOT_BYTES];
} slot;

typedef struct {
  slot *slots;
  uint32_t head, count;
} ring;

struct dl_line {
  int fds[2]; // 0: client TUN, 1: server TUN
  dl_config config;
  ring rings[2]; // 0: client -> server (uplink), 1: server -> client
  uint64_t link_free_ns; // when the uplink finishes serialising its backlog
  int stop;
  int realtime;
  dl_stats stats;
  uint64_t lateness[DL_LATENESS_BUCKETS];
};

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void add(uint64_t *counter, uint64_t value) { __atomic_fetch_add(counter, value, __ATOMIC_RELAXED); }

static int enter_netns(const char *netns, int *saved) {
  char path[512];
  snprintf(path, sizeof path, "/run/netns/%s", netns);
  int target = open(path, O_RDONLY | O_CLOEXEC);
  if (target < 0) return -errno;
  *saved = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
  if (*saved < 0) {
    int error = -errno;
    close(target);
    return error;
  }
  if (setns(target, CLONE_NEWNET) != 0) {
    int error = -errno;
    close(target);
    close(*saved);
    return error;
  }
  close(target);
  return 0;
}

static void leave_netns(int saved) {
  // Restoring cannot fail for a namespace this thread was just in; abort rather than leave a
  // pool thread of the Swift runtime in the wrong namespace.
  if (setns(saved, CLONE_NEWNET) != 0) abort();
  close(saved);
}

int dl_open_tun(const char *netns, const char *ifname) {
  int saved;
  int error = enter_netns(netns, &saved);
  if (error) return error;
  int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    error = -errno;
  } else {
    struct ifreq request;
    memset(&request, 0, sizeof request);
    request.ifr_flags = IFF_TUN | IFF_NO_PI;
    strncpy(request.ifr_name, ifname, IFNAMSIZ - 1);
    if (ioctl(fd, TUNSETIFF, &request) != 0) {
      error = -errno;
      close(fd);
    }
  }
  leave_netns(saved);
  return error ? error : fd;
}

int dl_socket_in_netns(const char *netns) {
  int saved;
  int error = enter_netns(netns, &saved);
  if (error) return error;
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) error = -errno;
  leave_netns(saved);
  return error ? error : fd;
}

int dl_tcp_state_of(int fd, dl_tcp_state *out) {
  struct tcp_info info;
  socklen_t length = sizeof info;
  memset(&info, 0, sizeof info);
  if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -errno;
  out->rto_us = info.tcpi_rto;
  out->srtt_us = info.tcpi_rtt;
  out->rttvar_us = info.tcpi_rttvar;
  out->snd_cwnd = info.tcpi_snd_cwnd;
  out->snd_ssthresh = info.tcpi_snd_ssthresh;
  out->total_retrans = info.tcpi_total_retrans;
  out->last_data_sent_ms = info.tcpi_last_data_sent;
  return 0;
}

dl_line *dl_create(int client_fd, int server_fd, dl_config config) {
  dl_line *line = calloc(1, sizeof *line);
  if (!line) return NULL;
  line->fds[0] = client_fd;
  line->fds[1] = server_fd;
  line->config = config;
  line->realtime = -1;
  for (int i = 0; i < 2; i++) {
    line->rings[i].slots = malloc(sizeof(slot) * SLOTS);
    if (!line->rings[i].slots) {
      dl_destroy(line);
      return NULL;
    }
  }
  return line;
}

/// Reads every packet waiting on direction `direction`'s input and queues it with its due time.
static int take_in(dl_line *line, int direction) {
  ring *queue = &line->rings[direction];
  for (;;) {
    if (queue->count == SLOTS) { // the ring itself is full: drain the device into a scratch slot
      unsigned char scratch[SLOT_BYTES];
      ssize_t n = read(line->fds[direction], scratch, sizeof scratch);
      if (n < 0) return (errno == EAGAIN || errno == EINTR) ? 0 : -errno;
      if (direction == 0) add(&line->stats.dropped_up, 1);
      continue;
    }
    slot *next = &queue->slots[(queue->head + queue->count) % SLOTS];
    ssize_t n = read(line->fds[direction], next->data, SLOT_BYTES);
    if (n < 0) return (errno == EAGAIN || errno == EINTR) ? 0 : -errno;
    if (n == 0) return 0;
    uint64_t arrival = now_ns();
    uint64_t due = arrival + line->config.one_way_delay_ns;
    if (direction == 0 && line->config.uplink_bytes_per_second > 0) {
      double rate = line->config.uplink_bytes_per_second;
      uint64_t start = line->link_free_ns > arrival ? line->link_free_ns : arrival;
      // The backlog still to serialise when this packet arrives, in bytes: a tail-drop FIFO.
      double backlog = (double)(start - arrival) * rate / 1e9;
      if (backlog + (double)n > (double)line->config.queue_limit_bytes) {
        add(&line->stats.dropped_up, 1);
        continue;
      }
      uint64_t finish = start + (uint64_t)((double)n * 1e9 / rate + 0.5);
      line->link_free_ns = finish;
      due = finish + line->config.one_way_delay_ns;
    }
    next->due_ns = due;
    next->length = (uint32_t)n;
    queue->count++;
  }
}

static void record_lateness(dl_line *line, uint64_t late) {
  uint64_t bucket = late / DL_LATENESS_BUCKET_NS;
  if (bucket >= DL_LATENESS_BUCKETS) bucket = DL_LATENESS_BUCKETS - 1;
  add(&line->lateness[bucket], 1);
  uint64_t seen = __atomic_load_n(&line->stats.max_lateness_ns, __ATOMIC_RELAXED);
  if (late > seen) __atomic_store_n(&line->stats.max_lateness_ns, late, __ATOMIC_RELAXED);
}

/// Writes every packet of direction `direction` that is due; returns the next due time or 0.
static uint64_t send_due(dl_line *line, int direction) {
  ring *queue = &line->rings[direction];
  int output = line->fds[1 - direction];
  while (queue->count > 0) {
    slot *first = &queue->slots[queue->head];
    uint64_t now = now_ns();
    if (first->due_ns > now) return first->due_ns;
    // A TUN write does not block; a failure (the namespace going away) loses only this packet.
    (void)!write(output, first->data, first->length);
    record_lateness(line, now_ns() - first->due_ns);
    if (direction == 0) {
      add(&line->stats.packets_up, 1);
      add(&line->stats.bytes_up, first->length);
    } else {
      add(&line->stats.packets_down, 1);
    }
    queue->head = (queue->head + 1) % SLOTS;
    queue->count--;
  }
  return 0;
}

int dl_run(dl_line *line, int realtime_priority) {
  int realtime = 0;
  if (realtime_priority > 0) {
    struct sched_param param = {.sched_priority = realtime_priority};
    realtime = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param) == 0;
  }
  __atomic_store_n(&line->realtime, realtime, __ATOMIC_RELEASE);
  prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
  struct pollfd polls[2] = {{.fd = line->fds[0], .events = POLLIN}, {.fd = line->fds[1], .events = POLLIN}};
  while (!__atomic_load_n(&line->stop, __ATOMIC_ACQUIRE)) {
    uint64_t next = 0;
    for (int direction = 0; direction < 2; direction++) {
      uint64_t due = send_due(line, direction);
      if (due && (!next || due < next)) next = due;
    }
    // Sleep until shortly before the next due packet or new input, at most 50 ms so a stop is
    // seen promptly; the last SPIN_NS are spent polling without sleeping, because a timer wake-up
    // on a busy machine comes tens to hundreds of microseconds late, which on a 14 ms round
    // trip is a percent.
    uint64_t now = now_ns();
    uint64_t wait = 50000000ull;
    if (next) {
      wait = next > now ? next - now : 0;
      wait = wait > SPIN_NS ? wait - SPIN_NS : 0;
    }
    if (wait > 50000000ull) wait = 50000000ull;
    struct timespec timeout = {.tv_sec = (time_t)(wait / 1000000000ull), .tv_nsec = (long)(wait % 1000000000ull)};
    int ready = ppoll(polls, 2, &timeout, NULL);
    if (ready < 0 && errno != EINTR) return -errno;
    for (int direction = 0; direction < 2; direction++) {
      if (polls[direction].revents & (POLLERR | POLLNVAL)) return -EIO;
      if (polls[direction].revents & POLLIN) {
        int error = take_in(line, direction);
        if (error) return error;
      }
    }
  }
  return 0;
}

int dl_realtime(const dl_line *line) { return __atomic_load_n(&line->realtime, __ATOMIC_ACQUIRE); }

void dl_stop(dl_line *line) { __atomic_store_n(&line->stop, 1, __ATOMIC_RELEASE); }

void dl_snapshot(const dl_line *line, dl_stats *out) {
  const uint64_t *from = (const uint64_t *)&line->stats;
  uint64_t *to = (uint64_t *)out;
  for (size_t i = 0; i < sizeof(dl_stats) / sizeof(uint64_t); i++) to[i] = __atomic_load_n(&from[i], __ATOMIC_RELAXED);
}

void dl_lateness(const dl_line *line, uint64_t *out, int count) {
  for (int i = 0; i < count && i < DL_LATENESS_BUCKETS; i++) out[i] = __atomic_load_n(&line->lateness[i], __ATOMIC_RELAXED);
}

void dl_destroy(dl_line *line) {
  if (!line) return;
  for (int i = 0; i < 2; i++) {
    free(line->rings[i].slots);
    if (line->fds[i] >= 0) close(line->fds[i]);
  }
  free(line);
}
