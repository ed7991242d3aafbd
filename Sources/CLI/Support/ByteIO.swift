import DeflateBenchSupport
import Foundation

/// Reading command inputs and writing command outputs, with the exit codes the README
/// documents: 66 for an input that cannot be read, 73 for an output that cannot be written.
enum ByteIO {
  /// `--input` of the commands that read one body (compress, decompress).
  static let inputOption = OptionSpec.value(
    "input", short: "i", "file", help: "Read this file instead of standard input.")
  /// `--output` of the commands that write one body.
  static let outputOption = OptionSpec.value(
    "output", short: "o", "file", help: "Write to this file (atomically) instead of standard output.")

  /// Reads a whole file, or standard input when `path` is nil or `-`.
  static func read(path: String?) throws(CLIError) -> [UInt8] {
    guard let path, path != "-" else {
      return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }
    return try readFile(path, role: "input")
  }

  /// Reads a whole named file; `role` says in the messages what the file was for (`input`,
  /// `dictionary`).
  static func readFile(_ path: String, role: String) throws(CLIError) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .missingInput("\(role) file '\(path)' does not exist")
    }
    guard !isDirectory.boolValue else {
      throw .missingInput("\(role) '\(path)' is a folder, not a file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .missingInput("\(role) file '\(path)' cannot be read")
    }
    return [UInt8](data)
  }

  /// Writes bytes to a file atomically (a temporary file in the same folder, then a rename), so
  /// a failure never leaves a half-written file; or to standard output when `path` is nil or `-`.
  static func write(_ bytes: [UInt8], path: String?, console: Console) throws(CLIError) {
    guard let path, path != "-" else {
      console.outBytes(Data(bytes))
      return
    }
    do throws(AtomicFile.WriteError) {
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw CLIError(.cannotCreate, "cannot write '\(path)': \(error.message)")
    }
  }
}
