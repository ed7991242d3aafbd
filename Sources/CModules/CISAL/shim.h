#ifndef DEFLATEBENCH_CISAL_SHIM_H
#define DEFLATEBENCH_CISAL_SHIM_H
#include <isa-l.h>
#include <isa-l/igzip_lib.h>

// The level-buffer sizes are compound macros (sums and products of other macros), which
// Swift does not import. Level 0 needs no level buffer beyond ISAL_DEF_LVL0_DEFAULT.
static inline unsigned deflatebench_isal_level_buffer_size(int level) {
  switch (level) {
    case 0: return ISAL_DEF_LVL0_DEFAULT;
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return 0;
  }
}

static inline int deflatebench_isal_max_level(void) { return ISAL_DEF_MAX_LEVEL; }

static inline unsigned deflatebench_isal_version(void) {
  return (unsigned)ISAL_MAJOR_VERSION * 10000u + (unsigned)ISAL_MINOR_VERSION * 100u +
         (unsigned)ISAL_PATCH_VERSION;
}

// ---------------------------------------------------------------------------------------------
// The stream structs hold large fixed arrays (the deflate history buffer, the inflate output
// window), which Swift imports as enormous tuples; touching a field through `pointee` in a debug
// build can copy the whole struct. So the codec layer treats both structs as opaque: it allocates
// them here and sets or reads their few scalar fields through these wrappers.

#include <stdlib.h>
#include <string.h>

/// Bytes of one `struct isal_zstream`, the memory ISA-L's deflate needs besides the level buffer.
static inline size_t deflatebench_isal_zstream_size(void) { return sizeof(struct isal_zstream); }

/// `size` zeroed bytes, 64-byte aligned (a cache line), or NULL; freed with `free`.
static inline void *deflatebench_isal_aligned_zeroed(size_t size) {
  size_t rounded = (size + 63) & ~(size_t)63;
  void *memory = aligned_alloc(64, rounded);
  if (memory != NULL) memset(memory, 0, rounded);
  return memory;
}

/// Allocates a zeroed deflate stream, 64-byte aligned so the hash head is cache aligned.
static inline struct isal_zstream *deflatebench_isal_zstream_create(void) {
  struct isal_zstream *stream = deflatebench_isal_aligned_zeroed(sizeof(struct isal_zstream));
  if (stream != NULL) isal_deflate_stateless_init(stream);
  return stream;
}

static inline void deflatebench_isal_zstream_destroy(struct isal_zstream *stream) { free(stream); }

/// Sets up a freshly initialized deflate stream to compress all of `in` into `out` in one go:
/// the level and its buffer, the wrapper (`gzip_flag`), and the end of the stream in reach.
static inline void deflatebench_isal_set_whole_input(struct isal_zstream *stream, int level,
                                                     uint8_t *level_buf, uint32_t level_buf_size,
                                                     uint16_t gzip_flag, const uint8_t *in,
                                                     uint32_t in_len, uint8_t *out, uint32_t out_len) {
  stream->level = (uint32_t)level;
  stream->level_buf = level_buf;
  stream->level_buf_size = level_buf_size;
  stream->gzip_flag = gzip_flag;
  stream->flush = NO_FLUSH;
  stream->end_of_stream = 1;
  stream->next_in = (uint8_t *)in;
  stream->avail_in = in_len;
  stream->next_out = out;
  stream->avail_out = out_len;
}

/// One-shot stateless compression of the whole input. `gzip_flag` is IGZIP_DEFLATE, IGZIP_GZIP
/// or IGZIP_ZLIB. Returns ISA-L's code; on COMP_OK `*written` holds the output size.
static inline int deflatebench_isal_deflate_stateless(struct isal_zstream *stream, int level,
                                                      uint8_t *level_buf, uint32_t level_buf_size,
                                                      uint16_t gzip_flag, const uint8_t *in,
                                                      uint32_t in_len, uint8_t *out,
                                                      uint32_t out_len, uint32_t *written) {
  isal_deflate_stateless_init(stream);
  deflatebench_isal_set_whole_input(stream, level, level_buf, level_buf_size, gzip_flag, in, in_len, out,
                                    out_len);
  int code = isal_deflate_stateless(stream);
  *written = stream->total_out;
  return code;
}

static inline size_t deflatebench_isal_inflate_state_size(void) { return sizeof(struct inflate_state); }

static inline struct inflate_state *deflatebench_isal_inflate_create(void) {
  struct inflate_state *state = deflatebench_isal_aligned_zeroed(sizeof(struct inflate_state));
  if (state != NULL) isal_inflate_init(state);
  return state;
}

static inline void deflatebench_isal_inflate_destroy(struct inflate_state *state) { free(state); }

/// Starts a new stream. `crc_flag` is ISAL_DEFLATE, ISAL_GZIP or ISAL_ZLIB.
static inline void deflatebench_isal_inflate_begin(struct inflate_state *state, uint32_t crc_flag) {
  isal_inflate_reset(state);
  state->crc_flag = crc_flag;
}

/// Runs isal_inflate on the given window of input and output, then hands back where it stopped.
/// `*finished` becomes 1 once the stream, including any gzip/zlib trailer, is fully decoded.
static inline int deflatebench_isal_inflate_step(struct inflate_state *state, const uint8_t **next_in,
                                                 uint32_t *avail_in, uint8_t **next_out,
                                                 uint32_t *avail_out, int *finished) {
  state->next_in = (uint8_t *)*next_in;
  state->avail_in = *avail_in;
  state->next_out = *next_out;
  state->avail_out = *avail_out;
  int code = isal_inflate(state);
  *next_in = state->next_in;
  *avail_in = state->avail_in;
  *next_out = state->next_out;
  *avail_out = state->avail_out;
  *finished = state->block_state == ISAL_BLOCK_FINISH;
  return code;
}

/// Whole input bytes isal_inflate has loaded into its 64-bit bit buffer but not used. After the
/// end of a raw DEFLATE stream these are bytes that follow the stream, though `avail_in` no
/// longer counts them.
static inline uint32_t deflatebench_isal_inflate_unused_buffered_bytes(const struct inflate_state *state) {
  return state->read_in_length > 0 ? (uint32_t)state->read_in_length / 8 : 0;
}
// ---------------------------------------------------------------------------------------------
// Stateful (streaming) deflate, for compressing an upload chunk by chunk.

/// Starts a new stateful stream on a stream made by deflatebench_isal_zstream_create.
static inline void deflatebench_isal_deflate_begin(struct isal_zstream *stream, int level,
                                                   uint8_t *level_buf, uint32_t level_buf_size,
                                                   uint16_t gzip_flag) {
  isal_deflate_init(stream);
  stream->level = (uint32_t)level;
  stream->level_buf = level_buf;
  stream->level_buf_size = level_buf_size;
  stream->gzip_flag = gzip_flag;
}

/// One isal_deflate call over the given input and output windows with `flush` (NO_FLUSH,
/// SYNC_FLUSH, FULL_FLUSH) and `end_of_stream`; hands back where it stopped. `*finished` becomes
/// 1 once the whole stream, trailer included, is written.
static inline int deflatebench_isal_deflate_step(struct isal_zstream *stream, const uint8_t **next_in,
                                                 uint32_t *avail_in, uint8_t *next_out,
                                                 uint32_t *avail_out, uint16_t flush, int end_of_stream,
                                                 int *finished) {
  stream->next_in = (uint8_t *)*next_in;
  stream->avail_in = *avail_in;
  stream->next_out = next_out;
  stream->avail_out = *avail_out;
  stream->flush = flush;
  stream->end_of_stream = (uint16_t)end_of_stream;
  int code = isal_deflate(stream);
  *next_in = stream->next_in;
  *avail_in = stream->avail_in;
  *avail_out = stream->avail_out;
  *finished = stream->internal_state.state == ZSTATE_END;
  return code;
}

// ---------------------------------------------------------------------------------------------
// Preset dictionaries. The stateless compressor ignores a dictionary set with
// isal_deflate_set_dict (its output decodes without one), so dictionary compression runs the
// stateful isal_deflate over the whole input in one call, starting from a dictionary processed
// once per compressor (isal_deflate_process_dict) and reset into the stream per call.

/// Allocates and fills a processed dictionary for `level`; NULL when out of memory or when
/// ISA-L refuses the dictionary (`*code` then holds its code).
static inline struct isal_dict *deflatebench_isal_dict_create(struct isal_zstream *stream, int level,
                                                              const uint8_t *dict, uint32_t dict_len,
                                                              int *code) {
  struct isal_dict *processed = calloc(1, sizeof(struct isal_dict));
  if (processed == NULL) {
    *code = ISAL_INVALID_STATE;
    return NULL;
  }
  isal_deflate_init(stream);
  stream->level = (uint32_t)level;
  *code = isal_deflate_process_dict(stream, processed, (uint8_t *)dict, dict_len);
  if (*code != COMP_OK) {
    free(processed);
    return NULL;
  }
  return processed;
}

static inline void deflatebench_isal_dict_destroy(struct isal_dict *dict) { free(dict); }

static inline size_t deflatebench_isal_dict_size(void) { return sizeof(struct isal_dict); }

/// Compresses the whole input in one stateful call after loading `dict`. `gzip_flag` is
/// IGZIP_DEFLATE or IGZIP_ZLIB_NO_HDR (ISA-L's zlib header has no FDICT flag, so the caller writes
/// the header and ISA-L only the Adler-32 trailer). Returns STATELESS_OVERFLOW when the output
/// did not fit.
static inline int deflatebench_isal_deflate_with_dict(struct isal_zstream *stream, int level,
                                                      uint8_t *level_buf, uint32_t level_buf_size,
                                                      uint16_t gzip_flag, struct isal_dict *dict,
                                                      const uint8_t *in, uint32_t in_len, uint8_t *out,
                                                      uint32_t out_len, uint32_t *written) {
  isal_deflate_init(stream);
  deflatebench_isal_set_whole_input(stream, level, level_buf, level_buf_size, gzip_flag, in, in_len, out,
                                    out_len);
  int code = isal_deflate_reset_dict(stream, dict);
  if (code != COMP_OK) return code;
  // One call normally finishes; an empty input can need a second one to write the final block.
  uint32_t before = UINT32_MAX;
  do {
    before = stream->avail_out;
    code = isal_deflate(stream);
  } while (code == COMP_OK && stream->internal_state.state != ZSTATE_END && stream->avail_out > 0 &&
           stream->avail_out != before);
  *written = stream->total_out;
  if (code == COMP_OK && stream->internal_state.state != ZSTATE_END) return STATELESS_OVERFLOW;
  return code;
}

/// The Adler-32 dictionary id a zlib header asked for, valid after isal_inflate returned
/// ISAL_NEED_DICT.
static inline uint32_t deflatebench_isal_inflate_dict_id(const struct inflate_state *state) {
  return state->dict_id;
}

static inline int deflatebench_isal_inflate_set_dict(struct inflate_state *state, const uint8_t *dict,
                                                     uint32_t dict_len) {
  return isal_inflate_set_dict(state, (uint8_t *)dict, dict_len);
}
#endif
