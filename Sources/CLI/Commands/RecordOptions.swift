import DeflateBenchUpload

/// The `serve --record` options: what they mean, how they become a `BodyRecorder`, and the
/// warning a recording server open to the network prints.
enum RecordOptions {
  static let options: [OptionSpec] = [
    .value(
      "record", "dir",
      help:
        "Stores every decoded, verified body in this folder, one file each plus index.jsonl; the folder is created 0700 and must be empty unless --append is given."
    ),
    .value(
      "record-max-files", "n",
      help:
        "With --record: stop storing (and keep answering) once the folder holds this many bodies. Default: \(RecordingOptions.defaultMaxFiles)."
    ),
    .value(
      "record-max-bytes", "bytes",
      help:
        "With --record: stop storing once the stored bodies would pass this many decoded bytes, such as 256M. Default: \(ByteCountParser.format(RecordingOptions.defaultMaxBytes))."
    ),
    .flag("append", help: "With --record: add to a folder that already holds files, numbering on from its index."),
  ]

  /// The recorder `--record` asks for, or nil without it; limits without `--record` are usage errors.
  static func recorder(from arguments: ParsedArguments, console: Console) throws(CLIError) -> BodyRecorder? {
    let maxFiles = try arguments.int("record-max-files")
    let maxBytes = try arguments.byteCount("record-max-bytes")
    guard let directory = arguments.string("record") else {
      for option in ["record-max-files", "record-max-bytes", "append"]
      where arguments.string(option) != nil || arguments.flag(option) {
        throw .usage("--\(option) applies only with --record DIR")
      }
      return nil
    }
    guard !directory.isEmpty else { throw .usage("--record needs a folder") }
    var options = RecordingOptions(directory: directory, append: arguments.flag("append"))
    if let maxFiles {
      guard maxFiles >= 1 else { throw .usage("--record-max-files must be at least 1, got \(maxFiles)") }
      options.maxFiles = maxFiles
    }
    if let maxBytes {
      guard maxBytes >= 1 else { throw .usage("--record-max-bytes must be at least 1, got \(maxBytes)") }
      options.maxBytes = maxBytes
    }
    do throws(RecordingSetupError) {
      return try BodyRecorder(options: options) { line in console.error("serve: \(line)\n") }
    } catch {
      if case .notEmpty = error { throw .usage("--record: \(error)") }
      if case .corruptIndex = error { throw .dataError("--record: \(error)") }
      throw CLIError(.cannotCreate, "--record: \(error)")
    }
  }

  /// Says where bodies go, and warns when anyone on the network can put them there.
  static func announce(_ recorder: BodyRecorder, host: String, port: Int, console: Console) {
    let folder = recorder.options.directory
    console.error("serve: recording verified bodies into \(folder)\n")
    if !isLoopback(host) {
      console.error(
        "serve: warning: listening on \(host) with --record: bodies from anyone who can reach port \(port) "
          + "will be stored in \(folder)\n")
    }
  }

  static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }
}
