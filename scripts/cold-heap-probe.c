// What a 64 MiB sweep leaves warm for a cold call on a machine whose cache is larger: the probe of
// docs/memory.md ("Its limit, measured"). A zlib cold call (deflateInit2, deflate of a 16 KiB
// text, deflateEnd; gzip, level 6) is timed after one of three evictions:
//   sweep64   a 64 MiB write sweep, then payload, output and libz's segments flushed (the
//             harness's method);
//   sweep256  a 256 MiB write sweep, nothing flushed (the method before issue #26);
//   heap      as sweep64, plus the blocks the previous cold call's context was given, flushed
//             after they were freed (glibc hands the same blocks to the next context).
// The methods alternate call by call; prints the median cold time of each over 201 calls, beside
// the call made just before the eviction (warm), and how often the context got the same blocks
// again.
//
// The flushes and the lookup of libz's segments are the harness's own (Sources/CCacheFlush),
// compiled in:
//
//   cc -O2 -I Sources/CCacheFlush/include -o /tmp/cold-heap-probe
//     scripts/cold-heap-probe.c Sources/CCacheFlush/CacheFlush.c -lz
//   taskset -c 1 /tmp/cold-heap-probe
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "CCacheFlush.h"

enum { calls = 201, methods = 3, max_blocks = 16, payload_bytes = 16 << 10 };
static const char *method_names[methods] = {"sweep64", "sweep256", "heap"};

static double cpu_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

static uint64_t *sweep_buffer;
static void sweep(size_t bytes) {
  for (size_t i = 0; i < bytes / 8; i += 8) sweep_buffer[i] += 1;
}

// The cold context's blocks, recorded by its allocator.
static struct { void *at; size_t bytes; } blocks[max_blocks], previous[max_blocks];
static int block_count, previous_count;
static voidpf record_alloc(voidpf opaque, uInt items, uInt size) {
  (void)opaque;
  void *at = malloc((size_t)items * size);
  if (block_count < max_blocks) blocks[block_count++] = (typeof(blocks[0])){at, (size_t)items * size};
  return at;
}
static void plain_free(voidpf opaque, voidpf at) {
  (void)opaque;
  free(at);
}

static double cold_call(const unsigned char *payload, unsigned char *output, size_t output_bytes) {
  block_count = 0;
  z_stream stream = {.zalloc = record_alloc, .zfree = plain_free};
  double start = cpu_ns();
  deflateInit2(&stream, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);
  stream.next_in = (Bytef *)payload;
  stream.avail_in = payload_bytes;
  stream.next_out = output;
  stream.avail_out = (uInt)output_bytes;
  deflate(&stream, Z_FINISH);
  deflateEnd(&stream);
  return cpu_ns() - start;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(void) {
  // Freed blocks stay mapped (a trim would unmap the heap's top, and flushing it would fault); a
  // long-running process rarely trims on every free either.
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  sweep_buffer = malloc(256u << 20);
  unsigned char *payload = malloc(payload_bytes), *output = malloc(2 * payload_bytes);
  if (!sweep_buffer || !payload || !output) return 1;
  memset(sweep_buffer, 1, 256u << 20);
  // Text of words from a small vocabulary: compressible as JSON is.
  static const char *words[] = {"event", "user_id", "timestamp", "session", "\"name\":", "value", "42", "true", ",", "{"};
  uint32_t seed = 1;
  for (size_t i = 0; i < payload_bytes;) {
    seed = seed * 1103515245u + 12345u;
    const char *w = words[(seed >> 16) % 10];
    for (; *w && i < payload_bytes; w++) payload[i++] = (unsigned char)*w;
    if (i < payload_bytes) payload[i++] = ' ';
  }
  deflatebench_segment libz[8];
  size_t libz_segments = deflatebench_library_segments("deflate", libz, 8);
  if (libz_segments == 0 || libz_segments > 8) return 1;
  double times[methods][calls], warm[methods][calls];
  int same_blocks = 0, compared = 0;
  for (int c = 0; c < calls; c++) {
    for (int m = 0; m < methods; m++) {
      // The warm state a cold call follows: the same call made twice.
      cold_call(payload, output, 2 * payload_bytes);
      warm[m][c] = cold_call(payload, output, 2 * payload_bytes);
      memcpy(previous, blocks, sizeof blocks);
      previous_count = block_count;
      if (m == 1) {
        sweep(256u << 20);
      } else {
        sweep(64u << 20);
        for (size_t k = 0; k < libz_segments; k++) deflatebench_flush_range(libz[k].start, libz[k].bytes);
        deflatebench_flush_range(payload, payload_bytes);
        deflatebench_flush_range(output, 2 * payload_bytes);
        if (m == 2)
          for (int b = 0; b < previous_count; b++) deflatebench_flush_range(previous[b].at, previous[b].bytes);
      }
      times[m][c] = cold_call(payload, output, 2 * payload_bytes);
      for (int b = 0; b < block_count && b < previous_count; b++, compared++) same_blocks += blocks[b].at == previous[b].at;
    }
  }
  printf("method    cold call, µs: median (quartiles) of %d; the call just before it, warm\n", calls);
  for (int m = 0; m < methods; m++) {
    qsort(times[m], calls, sizeof(double), by_value);
    qsort(warm[m], calls, sizeof(double), by_value);
    printf("%-8s  %6.1f (%.1f-%.1f); warm %6.1f\n", method_names[m], times[m][calls / 2] / 1e3, times[m][calls / 4] / 1e3,
           times[m][3 * calls / 4] / 1e3, warm[m][calls / 2] / 1e3);
  }
  printf("the cold context got the previous context's block again: %d of %d\n", same_blocks, compared);
  return 0;
}
