import DeflateBenchSupport
import Foundation

/// Reading command inputs, with the exit codes the README documents: 66 for an input that
/// cannot be read. Regular files, FIFOs and character devices (what `<(...)` and /dev/stdin
/// give) are all read to their end.
enum ByteIO {
  /// `--input` of the commands that read one body (compress, decompress).
  static let inputOption = OptionSpec.value(
    "input", short: "i", "file", help: "Read this file instead of standard input.")
  /// `--output` of the commands that write one body.
  static let outputOption = OptionSpec.value(
    "output", short: "o", "file",
    help:
      "Write to this file instead of standard output: a regular file is replaced atomically, a device or FIFO written through, a symbolic link followed."
  )

  /// Reads a whole file, or standard input when `path` is nil or `-`.
  static func read(path: String?) throws(CLIError) -> [UInt8] {
    guard let path, path != "-" else { return try readAll(descriptor: STDIN_FILENO, name: "standard input") }
    return try readFile(path, role: "input")
  }

  /// Reads a whole named file; `role` says in the messages what the file was for (`input`,
  /// `dictionary`).
  static func readFile(_ path: String, role: String) throws(CLIError) -> [UInt8] {
    let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .missingInput("\(role) file '\(path)' does not exist") }
      if code == ELOOP { throw .missingInput("\(role) '\(path)' is a symbolic link loop") }
      throw .missingInput("\(role) file '\(path)' cannot be opened: \(String(cString: strerror(code)))")
    }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw .missingInput("\(role) '\(path)' is a folder, not a file")
    }
    return try readAll(descriptor: descriptor, name: "\(role) file '\(path)'")
  }

  private static func readAll(descriptor: Int32, name: String) throws(CLIError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { raw in
        retryingOnInterrupt { systemRead(descriptor, raw.baseAddress, raw.count) }
      }
      if count == 0 { return bytes }
      guard count > 0 else { throw .missingInput("\(name) cannot be read: \(String(cString: strerror(errno)))") }
      bytes += chunk[..<count]
    }
  }
}

/// read(2), reachable under another name because `ByteIO.read` hides it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
