import DeflateBenchCodecs
import DeflateBenchResults
import DeflateBenchUpload

/// Help text that lists backends, levels, links and devices, read from their registries, so that
/// adding a backend or a preset changes every help page without touching the CLI (libdeflate's
/// benchmark prints its engines the same way).
enum RegistryText {
  /// "a, b or c" (or "and"): the way help text joins a short list.
  static func list(_ items: [String], _ conjunction: String = "or") -> String {
    guard let last = items.last else { return "" }
    let head = items.dropLast()
    return head.isEmpty ? last : head.joined(separator: ", ") + " \(conjunction) " + last
  }

  /// The names of the registered backends that pass `test`, in registry order.
  static func backends(where test: (any CompressionBackend) -> Bool = { _ in true }) -> [String] {
    BackendRegistry.all.filter(test).map(\.name)
  }

  /// The backends a run without `--backends` leaves out.
  static var outsideDefaultSuite: [String] { backends { !$0.inDefaultSuite } }

  /// Each backend whose default suite leaves levels out, with the levels it leaves out as
  /// ranges: "libdeflate 10-12, zopfli 2-15".
  static var levelsOutsideStandard: String {
    BackendRegistry.all.compactMap { backend -> String? in
      let left = backend.levels.filter { !backend.standardLevels.contains($0) }
      return left.isEmpty ? nil : "\(backend.name) \(ranges(left))"
    }.joined(separator: ", ")
  }

  /// Backends with a dictionary API, and those without one.
  static var withDictionaries: [String] { backends { $0 is any DictionaryCompressionBackend } }
  static var withoutDictionaries: [String] { backends { !($0 is any DictionaryCompressionBackend) } }

  /// Backends that compress a stream fed in pieces, and those that cannot.
  static var withStreamingCompression: [String] { backends { $0 is any StreamingCompressionBackend } }
  static var withoutStreamingCompression: [String] { backends { !($0 is any StreamingCompressionBackend) } }

  /// Backends whose library decodes a stream fed in pieces (`decompress` streams through it), and
  /// those that decode whole buffers only; asked of each backend by making a decoder for its first
  /// container, as `decompress` would.
  static var withStreamingDecoders: [String] { backends(where: streamsDecoding) }
  static var withoutStreamingDecoders: [String] { backends { !streamsDecoding($0) } }

  private static func streamsDecoding(_ backend: any CompressionBackend) -> Bool {
    guard let container = backend.containers.first else { return false }
    // `try?` folds "no decoder" (nil) and "could not make one" (a throw) into nil alike.
    return (try? backend.makeStreamingDecoder(container: container, limits: StreamingDecodeLimits())) != nil
  }

  /// Backends whose dictionary is a DEFLATE preset (the last 32 KiB of a dictionary's content).
  static var withDeflatePresets: [String] { backends { $0 is any DeflatePresetBackend } }

  /// The backends that write only a container of their own, such as zstd and brotli.
  static var ownContainerOnly: [String] { backends(where: writesOwnContainerOnly) }

  private static func writesOwnContainerOnly(_ backend: any CompressionBackend) -> Bool {
    !backend.containers.contains(where: \.isDeflate)
  }

  /// The containers `--container` takes, by backend: "gzip, zlib or raw for the DEFLATE backends,
  /// zstd for zstd, br for brotli".
  static var containersByBackend: String {
    let deflate = BackendRegistry.deflateBackends.first.map {
      "\(list($0.containers.map(\.rawValue))) for the DEFLATE backends"
    }
    let own = BackendRegistry.all.filter(writesOwnContainerOnly).map {
      "\(list($0.containers.map(\.rawValue))) for \($0.name)"
    }
    return ([deflate].compactMap { $0 } + own).joined(separator: ", ")
  }

  /// Backends `calibrate` has a C loop for.
  static var withCalibrationLoops: [String] { CLoopReference.backendNames }

  /// The link presets and devices `--link` and `--device` know by name.
  static var linkPresets: [String] { LinkPreset.catalog.map(\.name) }
  static var devices: [String] { DeviceClass.catalog.map(\.name) }

  /// Ascending integers as ranges: [-7, -6, -5, -1, 13, 14, 15] -> "-7 to -5, -1, 13-15".
  static func ranges(_ values: [Int]) -> String {
    var parts: [String] = []
    var index = values.startIndex
    while index < values.endIndex {
      var end = index
      while end + 1 < values.endIndex, values[end + 1] == values[end] + 1 { end += 1 }
      // "-6--4" misreads, so a range with a negative end is written out.
      let separator = values[index] < 0 ? " to " : "-"
      parts.append(end == index ? "\(values[index])" : "\(values[index])\(separator)\(values[end])")
      index = end + 1
    }
    return parts.joined(separator: ", ")
  }
}
