// Tight C loops over zlib, libdeflate and ISA-L: the reference `deflate-bench calibrate`
// compares the harness's Swift path against. Each loop mirrors what the matching Swift backend
// does per payload, call for call, and nothing else: no checks beyond the return codes the
// library gives, no allocation inside the timed region.

#include "CCalibrationLoop.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <isa-l/igzip_lib.h>
// The ISA-L shim the Swift backend calls: the level buffers and the stateless call have one home.
#include "../CModules/CISAL/shim.h"
#include <libdeflate.h>
#include <zlib.h>

#include "CalibrationShared.h"

// MARK: - zlib

double cal_zlib_loop(const cal_batch *batch, int level, cal_container container, int iterations) {
  if (!cal_batch_valid(batch, iterations)) return -1;
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (deflateInit2(&stream, level, Z_DEFLATED, cal_zlib_window_bits(container), 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    return -2;
  }
  int failed = 0;
  uint64_t start = cal_now_ns();
  for (int iteration = 0; iteration < iterations; iteration++) {
    for (size_t i = 0; i < batch->count; i++) {
      // The Swift backend resets the one stream per call instead of rebuilding it; so does this.
      if (deflateReset(&stream) != Z_OK) failed = 1;
      stream.next_in = (Bytef *)batch->inputs[i];
      stream.avail_in = (uInt)batch->input_sizes[i];
      stream.next_out = (Bytef *)batch->outputs[i];
      stream.avail_out = (uInt)batch->output_capacities[i];
      if (deflate(&stream, Z_FINISH) != Z_STREAM_END) failed = 1;
      batch->out_sizes[i] = batch->output_capacities[i] - stream.avail_out;
    }
  }
  uint64_t end = cal_now_ns();
  deflateEnd(&stream);
  return failed ? -3 : (double)(end - start);
}

// MARK: - libdeflate

double cal_libdeflate_loop(const cal_batch *batch, int level, cal_container container, int iterations) {
  if (!cal_batch_valid(batch, iterations)) return -1;
  struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
  if (compressor == NULL) return -2;
  int failed = 0;
  uint64_t start = cal_now_ns();
  for (int iteration = 0; iteration < iterations; iteration++) {
    for (size_t i = 0; i < batch->count; i++) {
      size_t written;
      switch (container) {
        case CAL_CONTAINER_GZIP:
          written = libdeflate_gzip_compress(compressor, batch->inputs[i], batch->input_sizes[i],
                                             batch->outputs[i], batch->output_capacities[i]);
          break;
        case CAL_CONTAINER_ZLIB:
          written = libdeflate_zlib_compress(compressor, batch->inputs[i], batch->input_sizes[i],
                                             batch->outputs[i], batch->output_capacities[i]);
          break;
        default:
          written = libdeflate_deflate_compress(compressor, batch->inputs[i], batch->input_sizes[i],
                                                batch->outputs[i], batch->output_capacities[i]);
          break;
      }
      if (written == 0) failed = 1;
      batch->out_sizes[i] = written;
    }
  }
  uint64_t end = cal_now_ns();
  libdeflate_free_compressor(compressor);
  return failed ? -3 : (double)(end - start);
}

// MARK: - ISA-L

static uint16_t cal_isal_wrapper(cal_container container) {
  switch (container) {
    case CAL_CONTAINER_GZIP: return IGZIP_GZIP;
    case CAL_CONTAINER_ZLIB: return IGZIP_ZLIB;
    default: return IGZIP_DEFLATE;
  }
}

double cal_isal_loop(const cal_batch *batch, int level, cal_container container, int iterations) {
  if (!cal_batch_valid(batch, iterations) || level < 0 || level > ISAL_DEF_MAX_LEVEL) return -1;
  uint32_t level_buffer_size = deflatebench_isal_level_buffer_size(level);
  uint8_t *level_buffer = level_buffer_size > 0 ? malloc(level_buffer_size) : NULL;
  struct isal_zstream *stream = deflatebench_isal_zstream_create();
  if ((level_buffer_size > 0 && level_buffer == NULL) || stream == NULL) {
    free(level_buffer);
    deflatebench_isal_zstream_destroy(stream);
    return -2;
  }
  uint16_t wrapper = cal_isal_wrapper(container);
  int failed = 0;
  uint64_t start = cal_now_ns();
  for (int iteration = 0; iteration < iterations; iteration++) {
    for (size_t i = 0; i < batch->count; i++) {
      // The Swift backend makes this very call per payload: ISA-L's stateless one-shot API with
      // the stream set up afresh (the shim's function, so both sides run the same code).
      uint32_t written = 0;
      int code = deflatebench_isal_deflate_stateless(
          stream, level, level_buffer, level_buffer_size, wrapper, batch->inputs[i],
          (uint32_t)batch->input_sizes[i], (uint8_t *)batch->outputs[i],
          (uint32_t)batch->output_capacities[i], &written);
      if (code != COMP_OK) failed = 1;
      batch->out_sizes[i] = written;
    }
  }
  uint64_t end = cal_now_ns();
  deflatebench_isal_zstream_destroy(stream);
  free(level_buffer);
  return failed ? -3 : (double)(end - start);
}
