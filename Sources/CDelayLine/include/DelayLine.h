#ifndef DEFLATEBENCH_DELAY_LINE_H
#define DEFLATEBENCH_DELAY_LINE_H

// A userspace link emulator for `deflate-bench linkcheck`: it forwards IP packets between two
// TUN devices (one in a client network namespace, one in a server namespace), serialises the
// client-to-server direction at a fixed rate through a bounded FIFO with tail drop, and delays
// both directions by a fixed one-way time. It stands in for netem, which not every kernel has.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Lateness histogram: 10 µs buckets up to 100 ms, then one overflow bucket.
#define DL_LATENESS_BUCKETS 10001
#define DL_LATENESS_BUCKET_NS 10000

typedef struct dl_line dl_line;

typedef struct {
  /// Client-to-server rate in bytes per second of IP packets (headers included); 0 = unlimited.
  double uplink_bytes_per_second;
  /// Delay added in each direction, nanoseconds (half the emulated round trip).
  uint64_t one_way_delay_ns;
  /// Largest backlog of the uplink FIFO in bytes; a packet that would exceed it is dropped.
  uint64_t queue_limit_bytes;
} dl_config;

typedef struct {
  uint64_t packets_up;
  uint64_t packets_down;
  uint64_t dropped_up;
  uint64_t bytes_up;
  uint64_t max_lateness_ns;
} dl_stats;

/// Opens (creating it) the TUN device `ifname` inside the network namespace /run/netns/`netns`,
/// non-blocking, without packet information. Returns the descriptor or -errno.
int dl_open_tun(const char *netns, const char *ifname);

/// A TCP socket created inside the network namespace /run/netns/`netns`; the calling thread's
/// namespace is restored before returning. Returns the descriptor or -errno.
int dl_socket_in_netns(const char *netns);

/// What the kernel says of a TCP socket (TCP_INFO), the fields the link check records.
typedef struct {
  /// Retransmission timeout, smoothed RTT and its variation, microseconds.
  uint32_t rto_us;
  uint32_t srtt_us;
  uint32_t rttvar_us;
  /// Congestion window and slow-start threshold, segments.
  uint32_t snd_cwnd;
  uint32_t snd_ssthresh;
  /// Segments retransmitted so far.
  uint32_t total_retrans;
  /// Milliseconds since the last data segment was sent (the idle time tcp_cwnd_restart uses).
  uint32_t last_data_sent_ms;
} dl_tcp_state;

/// Fills `out` from TCP_INFO. Returns 0 or -errno.
int dl_tcp_state_of(int fd, dl_tcp_state *out);

/// A delay line between two TUN descriptors it takes over (it closes them when destroyed).
dl_line *dl_create(int client_fd, int server_fd, dl_config config);
/// Forwards packets until dl_stop; returns 0, or -errno when reading or polling failed.
/// Meant for a thread of its own; `realtime_priority` > 0 asks for SCHED_FIFO at that priority
/// and the result is reported by dl_realtime.
int dl_run(dl_line *line, int realtime_priority);
/// 1 when dl_run got SCHED_FIFO, 0 when it did not (not root, or refused), -1 before it ran.
int dl_realtime(const dl_line *line);
void dl_stop(dl_line *line);
/// A consistent-enough copy of the counters (each read atomically), safe while dl_run runs.
void dl_snapshot(const dl_line *line, dl_stats *out);
/// Copies the lateness histogram: packets per DL_LATENESS_BUCKET_NS of lateness past their due
/// time (`count` at most DL_LATENESS_BUCKETS).
void dl_lateness(const dl_line *line, uint64_t *out, int count);
void dl_destroy(dl_line *line);

#ifdef __cplusplus
}
#endif

#endif
