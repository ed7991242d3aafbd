import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation

/// `deflate-bench decompress`: the reverse of `compress`, with corrupt input refused cleanly and
/// the output streamed, so a large (or hostile) input never needs its whole output in memory.
enum DecompressCommand: Command {
  /// The default `--max-output`: the same 1 GiB the server's `--max-decoded` defaults to.
  static let defaultMaxOutput = 1 << 30

  static let spec = CommandSpec(
    name: "decompress",
    abstract: "Decompresses standard input (or a file) with one backend and writes the result to standard output.",
    discussion: """
      The \(RegistryText.list(RegistryText.withStreamingDecoders, "and")) backends stream: \
      output is written as it decodes, and several gzip members or zstd frames back to back \
      decode as one stream, as gzip -d and zstd -d do; with --dictionary, zstd (dcz, zstd) and \
      zlib (zlib, raw) stream too. \(RegistryText.list(RegistryText.withoutStreamingDecoders, "and")) decode whole buffers (never more than \
      --max-output) and read one gzip member. Corrupt or truncated input exits with status 65; with -o FILE nothing is \
      written then (the file is only put in place once the whole stream has decoded and its \
      checksums matched, and SIGINT, SIGTERM or SIGHUP exits 130 leaving FILE as it was), on \
      standard output the bytes decoded before the fault have gone out, as with gzip -d. Output past --max-output stops decoding with status 65.
      """,
    options: [
      BackendOptions.backendOption,
      .value(
        "container", "container",
        help: "The framing to read: \(RegistryText.containersByBackend). Default as for compress."),
      BackendOptions.dictionaryOption(reading: true),
      ByteIO.inputOption,
      ByteIO.outputOption,
      .value(
        "max-output", "bytes",
        help: "The most bytes the output may have, such as 64M; past it decoding stops with status 65. Default: 1G."),
    ],
    exitCodes: ExitCode.table([.success, .failure, .usage, .dataError, .missingInput, .cannotCreate, .interrupted]))

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    let (backend, container) = try BackendOptions.backendAndContainer(arguments, reading: true)
    let maxOutput = try arguments.byteCount("max-output") ?? defaultMaxOutput
    try CommandOutput.writing(to: arguments.string("output"), command: spec.name, console: console) {
      (destination) throws(CLIError) in
      let input = try ByteIO.read(path: arguments.string("input"))
      if let decoder = try streamingDecoder(backend: backend, container: container, maxOutput: maxOutput) {
        let name = arguments.string("input").map { "'\($0)'" } ?? "standard input"
        try stream(input, named: name, through: decoder, to: destination)
      } else {
        try destination.write(try wholeBuffer(input, backend: backend, container: container, maxOutput: maxOutput))
      }
    }
    return .success
  }

  /// The streaming decoder of the backend's library (with `--dictionary`, one that has loaded
  /// it), or nil for zlib-ng, libdeflate and ISA-L, which only decode whole buffers.
  static func streamingDecoder(backend: any CompressionBackend, container: Container, maxOutput: Int)
    throws(CLIError) -> (any StreamingDecoder)?
  {
    let limits = StreamingDecodeLimits(maxDecodedBytes: maxOutput, maxRatio: nil, ratioGraceBytes: 0)
    do throws(StreamingDecodeError) {
      return try backend.makeStreamingDecoder(container: container, limits: limits)
    } catch {
      throw .failure("\(error.description)")
    }
  }

  private static func stream(
    _ input: [UInt8], named name: String, through decoder: any StreamingDecoder, to output: CommandOutput
  )
    throws(CLIError)
  {
    // The sink throws StreamingDecodeError only; a write failure is carried out beside it.
    var writeFailure: CLIError?
    let sink: StreamingSink = { piece throws(StreamingDecodeError) in
      do throws(CLIError) { try output.write(piece) } catch {
        writeFailure = error
        throw .library(coding: decoder.coding, code: 0, message: "output failed")
      }
    }
    do throws(StreamingDecodeError) {
      let failure = input.withUnsafeBytes { raw -> StreamingDecodeError? in
        do throws(StreamingDecodeError) {
          try decoder.feed(raw, into: sink)
          try decoder.finish(into: sink)
          return nil
        } catch {
          return error
        }
      }
      if let failure { throw failure }
    } catch {
      if let writeFailure { throw writeFailure }
      switch error {
      case .decodedTooLarge(let limit):
        throw .dataError(
          "the output exceeds --max-output of \(limit) bytes; raise it to decode this input")
      case .truncated(let coding):
        throw .dataError(
          "\(name) is truncated: it ends inside a \(coding) stream, before its end marker and checksum")
      case .library: throw .failure("\(error.description)")
      default: throw .dataError("\(name): \(error.description)")
      }
    }
  }

  private static func wholeBuffer(
    _ input: [UInt8], backend: any CompressionBackend, container: Container, maxOutput: Int
  )
    throws(CLIError) -> [UInt8]
  {
    let output: [UInt8]
    do throws(CodecError) {
      let decompressor = try backend.makeDecompressor(container: container)
      // The limit bounds the buffer while decoding, so a small hostile input cannot make it grow
      // past --max-output before the size is known.
      output = try decompressor.decompress(input, expectedSize: nil, limit: maxOutput)
    } catch {
      switch error {
      case .outputTooSmall:
        throw .dataError("the output exceeds --max-output of \(maxOutput) bytes; raise it to decode this input")
      case .corruptInput, .invalidDictionary: throw .dataError(error.description)
      default: throw .failure(error.description)
      }
    }
    guard output.count <= maxOutput else {
      throw .dataError(
        "the output exceeds --max-output of \(maxOutput) bytes; raise it to decode this input")
    }
    return output
  }
}
