import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation

/// `deflate-bench backends`: what this build can measure, with library versions.
enum BackendsCommand: Command {
  static let spec = CommandSpec(
    name: "backends",
    abstract: "Lists the compression backends, their library versions, containers and levels.",
    discussion: """
      Versions are the ones the libraries report at run time (libdeflate and ISA-L have no such \
      call; their header version is shown). 'all' in --levels means every level listed here.
      """,
    options: [
      .flag(
        "json",
        help:
          "Print a JSON list of objects with name, version, levels (array of integers), default_level, containers, max_input_bytes, verifier and dictionary_containers (empty, with dictionary_unsupported saying why, for a backend without a dictionary API)."
      )
    ],
    exitCodes: ExitCode.table([.success, .usage, .cannotCreate]))

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    let backends = BackendRegistry.all
    if arguments.flag("json") {
      console.out(json(backends))
    } else {
      console.out(table(backends))
    }
    return .success
  }

  struct Entry: Encodable {
    var name: String
    var version: String
    var levels: [Int]
    var defaultLevel: Int
    var containers: [String]
    var maxInputBytes: Int?
    var verifier: String
    var dictionaryContainers: [String]
    var dictionaryUnsupported: String?
  }

  /// The containers a backend writes with a dictionary, or why it has none.
  static func dictionarySupport(_ backend: any CompressionBackend) -> (containers: [String], reason: String?) {
    switch DictionarySupport.capable(backend) {
    case .success(let capable): (capable.dictionaryContainers.map(\.rawValue), nil)
    case .failure(let error):
      if case .dictionaryUnsupported(_, let reason) = error { ([], reason) } else { ([], error.description) }
    }
  }

  static func json(_ backends: [any CompressionBackend]) -> String {
    let entries = backends.map {
      let dictionary = dictionarySupport($0)
      return Entry(
        name: $0.name, version: $0.version, levels: $0.levels, defaultLevel: $0.defaultLevel,
        containers: $0.containers.map(\.rawValue), maxInputBytes: $0.maxInputBytes, verifier: $0.verifierName,
        dictionaryContainers: dictionary.containers, dictionaryUnsupported: dictionary.reason)
    }
    let encoder = SnakeCaseKeys.encoder([.prettyPrinted, .sortedKeys])
    // Encoding plain strings and integers cannot fail.
    let data = try! encoder.encode(entries)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  static func table(_ backends: [any CompressionBackend]) -> String {
    let header = ["backend", "version", "containers", "levels", "default", "dictionary", "verified by"]
    let rows = backends.map {
      let dictionary = dictionarySupport($0).containers
      return [
        $0.name, $0.version, $0.containers.map(\.rawValue).joined(separator: ","),
        LevelList.describe($0.levels), String($0.defaultLevel),
        dictionary.isEmpty ? "n/a" : dictionary.joined(separator: ","), $0.verifierName,
      ]
    }
    return TextTable.render(header: header, rows: rows)
  }
}
