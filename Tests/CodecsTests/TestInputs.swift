import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation

/// Deterministic test data, so a failure reproduces byte for byte.
enum TestInputs {
  /// SplitMix64: tiny, seedable, and good enough to make bytes DEFLATE cannot compress.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Incompressible bytes.
  static func random(count: Int, seed: UInt64) -> [UInt8] {
    var generator = Generator(seed: seed)
    var bytes = [UInt8](repeating: 0, count: count)
    var index = 0
    while index < count {
      var word = generator.next()
      for _ in 0..<8 where index < count {
        bytes[index] = UInt8(truncatingIfNeeded: word)
        word >>= 8
        index += 1
      }
    }
    return bytes
  }

  /// JSON event batches like the ones the harness uploads: repetitive keys, varying values.
  static func jsonEvents(count: Int, seed: UInt64) -> [UInt8] {
    var generator = Generator(seed: seed)
    let names = ["page_view", "add_to_cart", "checkout", "search", "sign_in"]
    var text = "["
    for index in 0..<count {
      let event = names[Int(generator.next() % UInt64(names.count))]
      let user = generator.next() % 100_000
      let amount = Double(generator.next() % 100_000) / 100
      if index > 0 { text += "," }
      text += #"{"event":"\#(event)","properties":{"distinct_id":"user-\#(user)","time":\#(1_700_000_000 + index),"#
      text += #""amount":\#(amount),"currency":"EUR","$insert_id":"\#(String(generator.next(), radix: 36))"}}"#
    }
    return Array((text + "]").utf8)
  }

  /// Text plus a run of random bytes and a run of zeros: exercises literals, matches and
  /// incompressible stretches in one input.
  static func mixed(count: Int, seed: UInt64) -> [UInt8] {
    var bytes = jsonEvents(count: count / 200 + 1, seed: seed)
    bytes += random(count: count / 4, seed: seed &+ 1)
    bytes += [UInt8](repeating: 0, count: count / 8)
    bytes += jsonEvents(count: count / 400 + 1, seed: seed &+ 2)
    return Array(bytes.prefix(count))
  }

  /// zopfli spends about 0.1 s on 300 random bytes and over a second on 24 KB of mixed data even
  /// at one iteration (measured with zopfli 1.0.3: it block-splits and re-parses exhaustively), so
  /// tests that run it at every level give it text and zeros instead of large random stretches.
  static func isSlow(_ backendName: String) -> Bool { backendName == "zopfli" }

  /// A file from the shared reference corpora, when that folder exists on this machine.
  static func corpusFile(_ name: String) -> [UInt8]? {
    let url = URL(fileURLWithPath: "/work/shared/corpora").appendingPathComponent(name)
    return (try? Data(contentsOf: url)).map { [UInt8]($0) }
  }

  /// Real inputs of several kinds for the outside-judge checks: text, JSON, an executable and
  /// already-compressed media, from the shared corpora and the system when present, generated
  /// otherwise. Names say where each came from.
  static func realInputs() -> [(name: String, bytes: [UInt8])] {
    var inputs: [(String, [UInt8])] = []
    inputs.append(
      corpusFile("alice29.txt").map { ("alice29.txt", $0) } ?? ("generated text", mixed(count: 150_000, seed: 1)))
    inputs.append(
      corpusFile("github_events.json").map { ("github_events.json", $0) }
        ?? ("generated JSON", jsonEvents(count: 400, seed: 2)))
    if let ls = try? Data(contentsOf: URL(fileURLWithPath: "/bin/ls")) {
      inputs.append(("/bin/ls", [UInt8](ls)))
    } else {
      inputs.append(("generated binary", mixed(count: 140_000, seed: 3)))
    }
    inputs.append(
      corpusFile("fireworks.jpeg").map { ("fireworks.jpeg", $0) } ?? (
        "generated random", random(count: 120_000, seed: 4)
      ))
    return inputs
  }
}

/// Every (backend, level, container) the registry offers.
struct Cell: CustomStringConvertible, Sendable {
  let backendName: String
  let level: Int
  let container: Container

  var backend: any CompressionBackend { try! BackendRegistry.backend(named: backendName) }
  var description: String { "\(backendName) level \(level) \(container.rawValue)" }

  /// Each backend's lowest level, in every container.
  static var fastest: [Cell] { all.filter { $0.level == $0.backend.levels.first } }

  /// Every level, in each backend's first (default) container only.
  static var defaultContainer: [Cell] { all.filter { $0.container == $0.backend.containers.first } }

  static var all: [Cell] {
    BackendRegistry.all.flatMap { backend in
      backend.containers.flatMap { container in
        backend.levels.map { Cell(backendName: backend.name, level: $0, container: container) }
      }
    }
  }
}

/// Compresses with the cell's compressor, checks the size against the bound, decodes with the
/// backend's own decompressor and the verifier's other implementation, and returns the output.
@discardableResult
func roundTrip(_ input: [UInt8], with compressor: any Compressor, cell: Cell, inputName: String) throws -> [UInt8] {
  let compressed = try compressor.compress(input)
  guard compressed.count <= compressor.compressBound(input.count) else {
    throw RoundTripFailure(
      "\(cell) wrote \(compressed.count) bytes, above its bound \(compressor.compressBound(input.count))")
  }
  let decoded = try cell.backend.makeDecompressor(container: cell.container).decompress(
    compressed, expectedSize: input.count)
  guard decoded == input else { throw RoundTripFailure("\(cell) on \(inputName): own decoder returned other bytes") }
  try Verifier(backend: cell.backend, level: cell.level, container: cell.container)
    .verify(original: input, compressed: compressed, inputName: inputName)
  return compressed
}

struct RoundTripFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
