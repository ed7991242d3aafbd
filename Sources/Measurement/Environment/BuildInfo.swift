import Foundation

/// How this binary was built. Compile-time facts, so reading them costs nothing and needs no
/// toolchain on the machine that runs the benchmark.
public enum BuildInfo {
  /// `release` or `debug`. SwiftPM defines DEBUG for every target of a debug build.
  public static var configuration: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  public static var isDebug: Bool { configuration == "debug" }

  /// The compiler's version, to the minor release.
  public static var swiftVersion: String {
    #if compiler(>=7.0)
      "7.0 or later"
    #elseif compiler(>=6.4)
      "6.4"
    #elseif compiler(>=6.3)
      "6.3"
    #elseif compiler(>=6.2)
      "6.2"
    #elseif compiler(>=6.1)
      "6.1"
    #else
      "6.0"
    #endif
  }

  /// `git describe --tags --always --dirty` run in `directory`, or nil when git or the
  /// repository is not there (an installed binary, a tarball).
  public static func gitDescribe(in directory: URL) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", directory.path, "describe", "--tags", "--always", "--dirty"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : text
  }
}
