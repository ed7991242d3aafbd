import DeflateBenchCodecs
import DeflateBenchSupport

/// `deflate-bench compress`: one backend from the shell, so its output can be fed to curl,
/// gzip or any other tool.
enum CompressCommand: Command {
  static let spec = CommandSpec(
    name: "compress",
    abstract: "Compresses standard input (or a file) with one backend and writes the result to standard output.",
    discussion: """
      Example: deflate-bench compress --backend libdeflate --level 9 < events.json > events.json.gz
      With -o FILE the output is written whole or not at all: a failure, SIGINT, SIGTERM or \
      SIGHUP leaves no partial file behind (a signal exits 130), and an existing file keeps its \
      permissions. A device or FIFO given to -o is written \
      through, never replaced; a symbolic link is followed. A write error (a full disk) exits 73.
      """,
    options: [
      BackendOptions.backendOption,
      .value("level", "n", help: "The compression level. Default: the backend's default level."),
      .value(
        "container", "container",
        help:
          "The framing to write: \(RegistryText.containersByBackend). Default: gzip for DEFLATE backends, the native container otherwise."
      ),
      BackendOptions.dictionaryOption(reading: false),
      ByteIO.inputOption,
      ByteIO.outputOption,
    ],
    exitCodes: ExitCode.table([.success, .failure, .usage, .dataError, .missingInput, .cannotCreate, .interrupted]))

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    let (backend, container) = try BackendOptions.backendAndContainer(arguments)
    let level = try BackendOptions.level(arguments, backend: backend)
    try CommandOutput.writing(to: arguments.string("output"), command: spec.name, console: console) {
      (destination) throws(CLIError) in
      let input = try ByteIO.read(path: arguments.string("input"))
      try destination.write(try compress(input, backend: backend, level: level, container: container))
    }
    return .success
  }

  private static func compress(
    _ input: [UInt8], backend: any CompressionBackend, level: Int, container: Container
  ) throws(CLIError) -> [UInt8] {
    do throws(CodecError) {
      let compressor = try backend.makeCompressor(level: level, container: container)
      return try compressor.compress(input)
    } catch {
      switch error {
      case .inputTooLarge, .invalidDictionary: throw .dataError(error.description)
      default: throw .failure(error.description)
      }
    }
  }
}
