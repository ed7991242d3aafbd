import DeflateBenchSupport
import Foundation

/// Reading command inputs, with the exit codes the README documents: 66 for an input that
/// cannot be read. Regular files, FIFOs and character devices (what `<(...)` and /dev/stdin
/// give) are all read to their end.
enum ByteIO {
  /// Reads a whole file, or standard input when `path` is nil or `-`.
  static func read(path: String?, command: String) throws(CLIError) -> [UInt8] {
    guard let path, path != "-" else { return try readAll(descriptor: STDIN_FILENO, name: "standard input") }
    let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .missingInput("input file '\(path)' does not exist") }
      if code == ELOOP { throw .missingInput("input '\(path)' is a symbolic link loop") }
      throw .missingInput("input file '\(path)' cannot be opened: \(String(cString: strerror(code)))")
    }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw .missingInput("input '\(path)' is a folder, not a file")
    }
    return try readAll(descriptor: descriptor, name: "input file '\(path)'")
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
