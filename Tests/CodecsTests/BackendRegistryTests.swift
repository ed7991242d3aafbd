import DeflateBenchSupport
import Testing

@testable import DeflateBenchCodecs

@Suite("Backend registry")
struct BackendRegistryTests {
  /// The backends whose facts these tests pin. A backend added later is checked by the loops over
  /// the registry below and by its own tests, without an edit here.
  static let seven = ["zlib", "zlib-ng", "libdeflate", "isal", "zopfli", "zstd", "brotli"]
  static func pinned(_ backends: [any CompressionBackend]) -> [String] { backends.map(\.name).filter(seven.contains) }

  @Test func listsTheSevenBackendsInReportOrder() {
    #expect(Self.pinned(BackendRegistry.all) == Self.seven)
    #expect(Self.pinned(BackendRegistry.deflateBackends) == ["zlib", "zlib-ng", "libdeflate", "isal", "zopfli"])
    #expect(Set(BackendRegistry.names).count == BackendRegistry.names.count, "names are unique")
  }

  @Test func findsBackendsByName() throws {
    for name in BackendRegistry.names {
      #expect(try BackendRegistry.backend(named: name).name == name)
    }
  }

  @Test func unknownBackendListsTheKnownOnes() {
    #expect(throws: CodecError.unknownBackend(name: "gzip", known: BackendRegistry.names)) {
      try BackendRegistry.backend(named: "gzip")
    }
    let message = CodecError.unknownBackend(name: "gzip", known: BackendRegistry.names).description
    #expect(message == "unknown backend 'gzip'; known backends: \(BackendRegistry.names.joined(separator: ", "))")
  }

  @Test func levelListsAreTheDocumentedRanges() throws {
    let levels = Dictionary(uniqueKeysWithValues: BackendRegistry.all.map { ($0.name, $0.levels) })
    #expect(levels["zlib"] == Array(0...9))
    #expect(levels["zlib-ng"] == Array(0...9))
    #expect(levels["libdeflate"] == Array(0...12))
    #expect(levels["isal"] == Array(0...3))
    #expect(levels["zopfli"] == Array(1...4))
    #expect(levels["zstd"] == Array(-7...(-1)) + Array(1...22))
    #expect(levels["brotli"] == Array(0...11))
    for backend in BackendRegistry.all {
      #expect(backend.levels.contains(backend.defaultLevel), "\(backend.name) default level")
      #expect(backend.levels == backend.levels.sorted(), "\(backend.name) levels ascend")
    }
  }

  @Test func defaultsAndContainers() {
    let expected: [String: (Int, [Container])] = [
      "zlib": (6, [.gzip, .zlib, .raw]), "zlib-ng": (6, [.gzip, .zlib, .raw]), "libdeflate": (6, [.gzip, .zlib, .raw]),
      "isal": (0, [.gzip, .zlib, .raw]),
      "zopfli": (3, [.gzip, .zlib, .raw]), "zstd": (3, [.zstd]), "brotli": (11, [.br]),
    ]
    for backend in BackendRegistry.all where expected[backend.name] != nil {
      #expect(backend.defaultLevel == expected[backend.name]?.0, "\(backend.name)")
      #expect(backend.containers == expected[backend.name]?.1, "\(backend.name)")
    }
  }

  @Test func versionsComeFromTheLoadedLibraries() {
    for backend in BackendRegistry.all {
      let parts = backend.version.split(separator: ".")
      #expect(parts.count >= 2 && parts.allSatisfy { $0.allSatisfy(\.isNumber) }, "\(backend.name): \(backend.version)")
    }
  }

  @Test func zopfliVersionIsReadFromTheLibraryFileName() {
    #expect(ZopfliVersion.version(fromLibraryFileName: "libzopfli.so.1.0.3") == "1.0.3")
    #expect(ZopfliVersion.version(fromLibraryFileName: "libzopfli.1.0.3.dylib") == "1.0.3")
    #expect(ZopfliVersion.version(fromLibraryFileName: "libzopfli.so.1") == nil)
    #expect(ZopfliVersion.version(fromLibraryFileName: "libzopfli.so") == nil)
    #expect(ZopfliVersion.version(fromLibraryFileName: "libzopflipng.so.1.0.3") == nil)
  }

  @Test func zopfliLevelsMapToDocumentedIterationCounts() {
    #expect(ZopfliBackend.iterationCounts == [1, 5, 15, 50])
    #expect(ZopfliBackend().levels.map(ZopfliBackend.iterations(forLevel:)) == [1, 5, 15, 50])
    #expect(ZopfliBackend.inputLimit == 4 << 20)
    #expect(ZopfliBackend().maxInputBytes == 4 << 20)
  }

  @Test func inputLimits() throws {
    #expect(ZlibBackend().maxInputBytes == nil)
    #expect(ZlibNgBackend().maxInputBytes == nil)
    #expect(LibdeflateBackend().maxInputBytes == nil)
    #expect(ZstdBackend().maxInputBytes == nil)
    #expect(BrotliBackend().maxInputBytes == nil)
    let isalLimit = IsalBackend.inputLimit
    #expect(isalLimit < Int(UInt32.max))
    // At the limit, ISA-L's worst case (stored blocks, gzip wrapper, spare bytes) still fits 32 bits.
    let compressor = try IsalCompressor(level: 0, container: .gzip)
    #expect(compressor.compressBound(isalLimit) <= Int(UInt32.max))
  }

  @Test func verifierUsesAnotherImplementationWhereOneExists() {
    let decoders = Dictionary(
      uniqueKeysWithValues: BackendRegistry.all.filter { Self.seven.contains($0.name) }.map {
        ($0.name, Verifier.decodingBackend(for: $0)?.name ?? "none")
      })
    #expect(
      decoders == [
        "zlib": "libdeflate", "zlib-ng": "zlib", "libdeflate": "zlib", "isal": "zlib", "zopfli": "zlib", "zstd": "zstd",
        "brotli": "brotli",
      ])
    for backend in BackendRegistry.all {
      let decoder = Verifier.decodingBackend(for: backend)?.name ?? "none"
      #expect(backend.verifierName.hasPrefix(decoder), "\(backend.name): \(backend.verifierName)")
      if decoder == backend.name {
        #expect(backend.verifierName.contains("no second implementation"), "\(backend.name) says why")
      }
    }
  }

  @Test("every backend's verifier is resolved once, when the registry is built, to a registered backend")
  func verifiersAreResolvedWithTheRegistry() {
    #expect(Set(BackendRegistry.verifiers.keys) == Set(BackendRegistry.names))
    for backend in BackendRegistry.all {
      #expect(BackendRegistry.verifiers[backend.name]?.name == backend.verifierBackendName, "\(backend.name)")
    }
    // A backend the registry does not hold has no verifier unless it checks itself.
    #expect(Verifier.decodingBackend(for: Unregistered()) == nil)
    #expect(throws: CodecError.self) { try Verifier(backend: Unregistered(), level: 6, container: .gzip) }
  }

  @Test func backendsDeclareTheirDefaultSuiteAndCalibrationLoops() {
    #expect(Self.pinned(BackendRegistry.all.filter { !$0.inDefaultSuite }) == ["zopfli"])
    // These four bring a C loop; a new backend may add its own (CalibrationTests checks each one).
    #expect(Set(["zlib", "zlib-ng", "libdeflate", "isal"]).isSubset(of: CLoopReference.backendNames))
    // Streaming decode is what makeStreamingDecoder answers, not a declared list.
    #expect(
      Self.pinned(
        BackendRegistry.all.filter {
          (try? $0.makeStreamingDecoder(container: $0.containers[0], limits: StreamingDecodeLimits())) != nil
        }) == ["zlib", "zlib-ng", "zopfli", "zstd", "brotli"])
    for backend in BackendRegistry.all {
      // A standard level the library does not support would fail every default run.
      #expect(Set(backend.standardLevels).isSubset(of: backend.levels), "\(backend.name)")
      #expect(!backend.standardLevels.isEmpty, "\(backend.name)")
      // A verifier named by registry name resolves; self-verification has to say why.
      switch backend.verifier {
      case .backend(let name): #expect(name != backend.name && BackendRegistry.names.contains(name))
      case .selfOnly(let reason): #expect(!reason.isEmpty)
      }
    }
  }
}

/// zlib under a name the registry does not hold, declaring another backend as its verifier.
private struct Unregistered: CompressionBackend {
  private let zlib = ZlibBackend()
  var name: String { "unregistered" }
  var version: String { zlib.version }
  var levels: [Int] { zlib.levels }
  var defaultLevel: Int { zlib.defaultLevel }
  var containers: [Container] { zlib.containers }
  var maxInputBytes: Int? { nil }
  var verifier: VerifierChoice { .backend("libdeflate") }
  var compressorLibrarySymbols: [String] { zlib.compressorLibrarySymbols }

  func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor {
    try zlib.makeCompressor(level: level, container: container)
  }

  func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor {
    try zlib.makeDecompressor(container: container)
  }
}
