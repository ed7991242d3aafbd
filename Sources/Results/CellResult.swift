/// Everything measured for one cell: corpus payload set x backend x level x container x threads.
public struct CellResult: Codable, Sendable, Equatable {
  public var corpus: String
  public var split: String
  /// Mean payload size in bytes (rounded), the size of one request body.
  public var payloadBytes: Int
  public var payloads: Int
  public var backend: String
  /// The backend library's runtime version.
  public var version: String
  public var container: String
  public var level: Int
  public var threads: Int
  /// Uncompressed bytes over all payloads.
  public var inputBytes: Int
  /// Compressed bytes over all payloads: what goes on the wire.
  public var outputBytes: Int
  /// Compression speed in MB/s (10^6 bytes of uncompressed input per wall-clock second), one
  /// value per repetition.
  public var compressSamplesMBps: [Double]
  /// Compression speed per CPU second of the measuring thread(s), one per repetition.
  public var compressCPUSamplesMBps: [Double]
  /// Decompression speed in MB/s of uncompressed output, one value per repetition.
  public var decompressSamplesMBps: [Double]
  /// Cost of one cold call in microseconds of the thread's CPU time, one value per repetition:
  /// create a context, compress the payload of median size with the CPU caches evicted first,
  /// free the context.
  public var coldSamplesMicroseconds: [Double]
  /// The size of the payload the cold calls compressed (the set's median); nil in older files.
  public var coldPayloadBytes: Int?
  /// The warm cost of that same payload, in microseconds of the thread's CPU time per call, one
  /// value per repetition, taken just before the cold call: a context kept across calls compresses
  /// it again with context and payload in cache. The figure a cold call is compared with; nil in
  /// older files and instruction runs.
  public var warmCallSamplesMicroseconds: [Double]?
  /// The cold call's extra over its warm twin, paired by repetition, with its class; nil in older
  /// files and instruction runs.
  public var coldExtra: ColdExtra?
  /// Peak bytes the library allocated for one compressor, or nil when it has no allocator hook.
  public var memoryBytes: Int?
  /// True only when every output of the cell decoded back exactly with a different implementation.
  public var verified: Bool
  /// Which implementation decoded the outputs for verification.
  public var verifiedWith: String
  /// Why the cell failed or was skipped, when it did.
  public var error: String?
  /// Uploads measured over HTTP for this cell, when the run had `--upload`.
  public var upload: UploadMeasurement?
  /// The dictionary both ends loaded, for a dictionary cell; nil for the cell without one.
  public var dictionary: DictionaryRecord?
  /// Instructions one compression pass over the payload set executed, per input byte, counted
  /// under valgrind (`run --metric instructions`); nil when the run did not count them.
  public var compressInstructionsPerByte: Double?
  /// The same for one decompression pass, per byte of uncompressed output.
  public var decompressInstructionsPerByte: Double?
  /// The cell's streaming forms, one per `--streaming` chunk size; nil without `--streaming` or
  /// for a backend with no streaming API (reported as n/a).
  public var streaming: [StreamingMeasurement]?
  /// The library's code path when its output depends on the CPU (ISA-L level 3: `base`, `avx2`
  /// or `avx512`), as the measuring process saw the CPU; nil for output every CPU writes alike.
  /// `compare` gates `output_bytes` exactly only between cells of the same path.
  public var codePath: String?
  /// The code path the instruction run took, where it differs from `code_path` (valgrind emulates
  /// no AVX-512); nil when both runs took the same path.
  public var instructionCodePath: String?
  /// What the instruction run compressed the payload set to on its own path, verified by decoding
  /// like the timed run's output; nil when both runs took the same path (then the sizes agree).
  public var instructionOutputBytes: Int?
  /// This cell's headline figures and intervals (`CellFigures`), the ones the verdict takes from a
  /// candidate, for the renderers and the checkers; nil for a failed cell, one without both
  /// speeds, and in files written before it existed.
  public var figures: CellFigures?

  public init(
    corpus: String, split: String, payloadBytes: Int, payloads: Int, backend: String, version: String,
    container: String, level: Int, threads: Int, inputBytes: Int, outputBytes: Int,
    compressSamplesMBps: [Double], compressCPUSamplesMBps: [Double], decompressSamplesMBps: [Double],
    coldSamplesMicroseconds: [Double], memoryBytes: Int?, verified: Bool, verifiedWith: String,
    error: String? = nil, upload: UploadMeasurement? = nil, dictionary: DictionaryRecord? = nil,
    coldPayloadBytes: Int? = nil, compressInstructionsPerByte: Double? = nil,
    decompressInstructionsPerByte: Double? = nil, warmCallSamplesMicroseconds: [Double]? = nil,
    streaming: [StreamingMeasurement]? = nil, coldExtra: ColdExtra? = nil, codePath: String? = nil
  ) {
    self.corpus = corpus
    self.split = split
    self.payloadBytes = payloadBytes
    self.payloads = payloads
    self.backend = backend
    self.version = version
    self.container = container
    self.level = level
    self.threads = threads
    self.inputBytes = inputBytes
    self.outputBytes = outputBytes
    self.compressSamplesMBps = compressSamplesMBps
    self.compressCPUSamplesMBps = compressCPUSamplesMBps
    self.decompressSamplesMBps = decompressSamplesMBps
    self.coldSamplesMicroseconds = coldSamplesMicroseconds
    self.memoryBytes = memoryBytes
    self.verified = verified
    self.verifiedWith = verifiedWith
    self.error = error
    self.upload = upload
    self.dictionary = dictionary
    self.coldPayloadBytes = coldPayloadBytes
    self.warmCallSamplesMicroseconds = warmCallSamplesMicroseconds
    self.compressInstructionsPerByte = compressInstructionsPerByte
    self.decompressInstructionsPerByte = decompressInstructionsPerByte
    self.streaming = streaming
    self.coldExtra = coldExtra
    self.codePath = codePath
  }

  /// The most workers a cell may use: `run --threads` takes 1 to this, and a results file with
  /// more was not written by a run.
  public static let maxThreads = 256

  public var key: CellKey {
    CellKey(
      corpus: corpus, split: split, backend: backend, container: container, level: level, threads: threads,
      dictionary: dictionary?.name)
  }

  /// input_bytes / output_bytes.
  public var ratio: Double { outputBytes > 0 ? Double(inputBytes) / Double(outputBytes) : 0 }
  /// The share of bytes compression saved, in percent.
  public var savingPercent: Double {
    inputBytes > 0 ? 100 * (1 - Double(outputBytes) / Double(inputBytes)) : 0
  }
}

/// HTTP uploads of one cell's payloads to an echo server, compressed and as identity.
public struct UploadMeasurement: Codable, Sendable, Equatable {
  /// The link the server emulated (`none` for an unthrottled loopback).
  public var link: String
  /// Total request time for all compressed payloads, in milliseconds (start to full response).
  public var uploadMs: Double
  /// Total request time for the same payloads sent uncompressed.
  public var uploadIdentityMs: Double
  /// Bytes the server said it received on the wire for the compressed uploads.
  public var wireBytes: Int
  /// True when every answer matched the sent sizes and digest.
  public var serverVerified: Bool
  /// Modelled total time for the same link, in milliseconds, for the side-by-side check.
  public var modelledMs: Double?
  /// The same for the payloads sent uncompressed (the transfer part of the model alone); nil in
  /// files written before it existed.
  public var modelledIdentityMs: Double?

  public init(
    link: String, uploadMs: Double, uploadIdentityMs: Double, wireBytes: Int, serverVerified: Bool,
    modelledMs: Double?
  ) {
    self.link = link
    self.uploadMs = uploadMs
    self.uploadIdentityMs = uploadIdentityMs
    self.wireBytes = wireBytes
    self.serverVerified = serverVerified
    self.modelledMs = modelledMs
  }
}
