import Foundation

/// Runs an outside program that judges our output (`sha256sum`, `gzip`), when it is installed.
enum JudgeTool {
  /// The absolute path of `name` in the usual system folders, or nil when it is absent.
  static func find(_ name: String) -> String? {
    ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"].map { $0 + "/" + name }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs the tool with `arguments`, returns its exit status and standard output.
  static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
