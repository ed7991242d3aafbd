import DeflateBenchSupport
import Foundation

/// Reading command inputs, with the exit codes the README documents: 66 for an input that
/// cannot be read. Regular files, FIFOs and character devices (what `<(...)` and /dev/stdin
/// give) are all read to their end.
enum ByteIO {
  /// `--input` of the commands that read one body (compress, decompress).
  static let inputOption = OptionSpec.value(
    "input", short: "i", "file", help: "Read this file instead of standard input; - is standard input.")
  /// `--output` of the commands that write one body.
  static let outputOption = OptionSpec.value(
    "output", short: "o", "file",
    help:
      "Write to this file instead of standard output (- is standard output): a regular file is replaced atomically, a device or FIFO written through, a symbolic link followed."
  )

  /// Reads a whole file, or standard input when `path` is nil or `-`.
  static func read(path: String?) throws(CLIError) -> [UInt8] {
    guard let path, path != "-" else {
      do throws(WholeFile.Failure) {
        return try WholeFile.read(descriptor: STDIN_FILENO)
      } catch {
        throw .missingInput("standard input cannot be read: \(error.reason)")
      }
    }
    return try readFile(path, role: "input")
  }

  /// Reads a whole named file; `role` says in the messages what the file was for (`input`,
  /// `dictionary`).
  static func readFile(_ path: String, role: String) throws(CLIError) -> [UInt8] {
    do throws(WholeFile.Failure) {
      return try WholeFile.read(path)
    } catch {
      if error.missing { throw .missingInput("\(role) file '\(path)' does not exist") }
      throw .missingInput("\(role) '\(path)' cannot be read: \(error.reason)")
    }
  }
}
