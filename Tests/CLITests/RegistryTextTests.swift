import DeflateBenchCodecs
import TestSupport
import Testing

@testable import DeflateBenchCLI

/// Help text lists what the registries hold, so a new backend or preset appears in it untouched.
@Suite("Help text read from the registries")
struct RegistryTextTests {
  @Test func listsJoinTheWayHelpReads() {
    #expect(RegistryText.list([]) == "")
    #expect(RegistryText.list(["zlib"]) == "zlib")
    #expect(RegistryText.list(["zlib", "zstd"], "and") == "zlib and zstd")
    #expect(RegistryText.list(["a", "b", "c"]) == "a, b or c")
  }

  @Test func levelsRenderAsRanges() {
    #expect(RegistryText.ranges([-7, -3, -1, 13, 14, 15]) == "-7, -3, -1, 13-15")
    #expect(RegistryText.ranges([-6, -5, -4, -2]) == "-6 to -4, -2")
    #expect(RegistryText.ranges([10, 11, 12]) == "10-12")
    #expect(RegistryText.ranges([]) == "")
  }

  @Test("dictionary and streaming lists split the registry by conformance, every backend once")
  func capabilitiesPartitionTheRegistry() {
    let all = Set(BackendRegistry.names)
    #expect(Set(RegistryText.withDictionaries).union(RegistryText.withoutDictionaries) == all)
    #expect(Set(RegistryText.withDictionaries).isDisjoint(with: RegistryText.withoutDictionaries))
    #expect(RegistryText.withDictionaries.contains("zstd") && RegistryText.withoutDictionaries.contains("libdeflate"))
    #expect(
      Set(RegistryText.withStreamingCompression).union(RegistryText.withoutStreamingCompression) == all)
    #expect(RegistryText.withoutStreamingCompression.contains("libdeflate"))
  }

  @Test("run --help names every backend, every preset and the left-out levels")
  func runHelpNamesTheRegistry() throws {
    let scratch = try ScratchDirectory("registry-help")
    let help = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: ["run", "--help"], currentDirectory: scratch.url.path
    ).stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // help wraps its lines
    for name in BackendRegistry.names { #expect(help.contains(name), "\(name)") }
    for preset in RegistryText.linkPresets { #expect(help.contains(preset), "\(preset)") }
    #expect(help.contains(RegistryText.levelsOutsideStandard))
    #expect(!help.contains("\\("), "an interpolation was left in a literal")
  }

  @Test("decoding, preset and container lists come from what each backend conforms to and writes")
  func decodingAndContainerListsFollowTheBackends() {
    let all = Set(BackendRegistry.names)
    #expect(Set(RegistryText.withStreamingDecoders).union(RegistryText.withoutStreamingDecoders) == all)
    #expect(Set(RegistryText.withStreamingDecoders).isDisjoint(with: RegistryText.withoutStreamingDecoders))
    #expect(["zlib", "zlib-ng", "zopfli", "zstd", "brotli"].allSatisfy(RegistryText.withStreamingDecoders.contains))
    #expect(["libdeflate", "isal"].allSatisfy(RegistryText.withoutStreamingDecoders.contains))
    #expect(["zlib", "zlib-ng", "isal"].allSatisfy(RegistryText.withDeflatePresets.contains))
    #expect(!RegistryText.withDeflatePresets.contains("zstd"))
    let containers = RegistryText.containersByBackend
    #expect(containers.hasPrefix("gzip, zlib or raw for the DEFLATE backends, "), "\(containers)")
    for backend in BackendRegistry.all where !backend.containers.contains(where: \.isDeflate) {
      let own = RegistryText.list(backend.containers.map(\.rawValue))
      #expect(containers.contains("\(own) for \(backend.name)"), "\(containers)")
      #expect(RegistryText.ownContainerOnly.contains(backend.name))
    }
  }

  @Test("compress, decompress and dict help name the registry's containers and backends")
  func codecHelpNamesTheRegistry() throws {
    let scratch = try ScratchDirectory("registry-codec-help")
    func help(_ command: String) throws -> String {
      try ProcessRunner.run(
        try DeflateBenchExecutable.url.path, arguments: [command, "--help"], currentDirectory: scratch.url.path
      ).stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    let compress = try help("compress")
    let decompress = try help("decompress")
    #expect(
      compress.contains(RegistryText.containersByBackend) && decompress.contains(RegistryText.containersByBackend))
    #expect(decompress.contains(RegistryText.list(RegistryText.withStreamingDecoders, "and") + " backends stream"))
    #expect(decompress.contains(RegistryText.list(RegistryText.withoutStreamingDecoders, "and") + " decode whole"))
    #expect(try help("dict").contains(RegistryText.list(RegistryText.withDeflatePresets, "and") + " use its last"))
  }
}
