import DeflateBenchCodecs

/// `deflate-bench decompress`: the reverse of `compress`, with corrupt input refused cleanly.
enum DecompressCommand: Command {
  static let spec = CommandSpec(
    name: "decompress",
    abstract: "Decompresses standard input (or a file) with one backend and writes the result to standard output.",
    discussion: """
      Corrupt or truncated input exits with status 65 and writes nothing: output is only written \
      once the whole stream has decoded and its checksum matched.
      """,
    options: [
      BackendOptions.backendOption,
      .value(
        "container", "container",
        help: "The framing to read: gzip, zlib or raw for DEFLATE backends, zstd, br. Default as for compress."),
      BackendOptions.dictionaryOption,
      ByteIO.inputOption,
      ByteIO.outputOption,
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    let (backend, container) = try BackendOptions.backendAndContainer(arguments)
    let input = try ByteIO.read(path: arguments.string("input"))
    let output: [UInt8]
    do throws(CodecError) {
      let decompressor = try backend.makeDecompressor(container: container)
      output = try decompressor.decompress(input, expectedSize: nil)
    } catch {
      switch error {
      case .corruptInput, .outputTooSmall, .invalidDictionary: throw .dataError(error.description)
      default: throw .failure(error.description)
      }
    }
    try ByteIO.write(output, path: arguments.string("output"), console: console)
    return .success
  }
}
