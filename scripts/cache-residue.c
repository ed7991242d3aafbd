// How much of a buffer a write sweep of a given size leaves in the CPU's caches: the probe of
// docs/memory.md ("Its limit, measured"). A 6 MiB buffer is read three times (now in cache),
// a buffer of N MiB gets one write per 64-byte line (as CacheEvictor's sweep does), and the
// 6 MiB buffer is read again and timed. Where the sweep evicted it, the read comes from memory;
// the larger the real last-level cache beyond N, the faster the read. Seven rounds, sizes
// interleaved; prints the median sweep and read times per size, and the read with no sweep.
//
//   cc -O2 -o /tmp/cache-residue scripts/cache-residue.c && taskset -c 1 /tmp/cache-residue
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { rounds = 7, sizes = 5 };
static const size_t sweep_mib[sizes] = {32, 48, 64, 128, 256};
static const size_t probe_bytes = 6u << 20;

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

static uint64_t read_lines(const volatile uint64_t *words, size_t bytes) {
  uint64_t sum = 0;
  for (size_t i = 0; i < bytes / 8; i += 8) sum += words[i];
  return sum;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(void) {
  size_t largest = sweep_mib[sizes - 1] << 20;
  uint64_t *sweep = malloc(largest);
  uint64_t *probe = malloc(probe_bytes);
  if (!sweep || !probe) return 1;
  memset(sweep, 1, largest);
  memset(probe, 2, probe_bytes);
  double sweep_ns[sizes][rounds], read_ns[sizes][rounds], hot_ns[rounds];
  volatile uint64_t sink = 0;
  for (int r = 0; r < rounds; r++) {
    for (int t = 0; t < 3; t++) sink += read_lines(probe, probe_bytes);
    double start = now_ns();
    sink += read_lines(probe, probe_bytes);
    hot_ns[r] = now_ns() - start;
    for (int k = 0; k < sizes; k++) {
      for (int t = 0; t < 3; t++) sink += read_lines(probe, probe_bytes);
      size_t words = (sweep_mib[k] << 20) / 8;
      double start = now_ns();
      for (size_t i = 0; i < words; i += 8) sweep[i] += 1;
      double swept = now_ns();
      sink += read_lines(probe, probe_bytes);
      sweep_ns[k][r] = swept - start;
      read_ns[k][r] = now_ns() - swept;
    }
  }
  qsort(hot_ns, rounds, sizeof(double), by_value);
  printf("sweep MiB  sweep ms  6 MiB read after it, µs (median of %d, min-max)\n", rounds);
  printf("%9s  %8s  %6.0f (%.0f-%.0f)\n", "none", "-", hot_ns[rounds / 2] / 1e3, hot_ns[0] / 1e3,
         hot_ns[rounds - 1] / 1e3);
  for (int k = 0; k < sizes; k++) {
    qsort(sweep_ns[k], rounds, sizeof(double), by_value);
    qsort(read_ns[k], rounds, sizeof(double), by_value);
    printf("%9zu  %8.2f  %6.0f (%.0f-%.0f)\n", sweep_mib[k], sweep_ns[k][rounds / 2] / 1e6,
           read_ns[k][rounds / 2] / 1e3, read_ns[k][0] / 1e3, read_ns[k][rounds - 1] / 1e3);
  }
  return (int)(sink & 0);
}
