import Foundation

/// Finds the built `deflate-bench` executable, so CLI tests run the real program with its
/// real exit codes instead of calling the library in-process.
public enum DeflateBenchExecutable {
  /// The executable in the build products folder that holds the running test bundle.
  /// SwiftPM builds every product of the package before `swift test`, into the same folder.
  public static var url: URL {
    get throws {
      for folder in candidateFolders() {
        let candidate = folder.appendingPathComponent("deflate-bench")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
      throw LocatorError.notBuilt(searched: candidateFolders().map(\.path))
    }
  }

  /// The package root (the folder holding Package.swift), found from this source file's path.
  public static var packageRoot: URL {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }

  private static func candidateFolders() -> [URL] {
    var folders: [URL] = []
    // On Linux the test runner is `<products>/DeflateBenchPackageTests.xctest`; on macOS it is a
    // bundle inside the products folder. Either way the executable sits beside it.
    let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    folders.append(runner.deletingLastPathComponent())
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      folders.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent())
    }
    return folders
  }

  public enum LocatorError: Error, CustomStringConvertible {
    case notBuilt(searched: [String])

    public var description: String {
      "deflate-bench is not built next to the tests; searched: \(searched.joined(separator: ", "))"
    }

    var searched: [String] {
      switch self {
      case .notBuilt(let searched): searched
      }
    }
  }
}

/// Runs the built `deflate-bench` with `arguments`, the one way CLI tests start it.
///
/// - Parameters:
///   - stdin: bytes fed to standard input.
///   - folder: the working directory; nil is the package root, where the shipped corpus
///     configuration (Corpora/default.json) is found.
///   - timeoutSeconds: the child is terminated after this long (a hang, not a slow machine).
public func deflateBench(
  _ arguments: [String], stdin: [UInt8] = [], in folder: URL? = nil, timeoutSeconds: Double = 120
) throws -> ProcessOutput {
  try ProcessRunner.run(
    try DeflateBenchExecutable.url.path, arguments: arguments, stdin: stdin,
    currentDirectory: (folder ?? DeflateBenchExecutable.packageRoot).path, timeoutSeconds: timeoutSeconds)
}
