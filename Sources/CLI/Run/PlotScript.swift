import Foundation

/// Runs `scripts/plot.py` on a finished results folder for `run --plots`. The charts are
/// Python and matplotlib (the plotting stack people already have), so this only finds the
/// script and an interpreter that can import matplotlib, and says plainly what to install when
/// there is none.
enum PlotScript {
  static let render: RunHooks.RenderPlots = { folder, console in
    guard let script = locateScript() else {
      console.error(
        "deflate-bench run: warning: scripts/plot.py was not found next to the executable or in the current folder; set DEFLATEBENCH_SCRIPTS to the scripts folder to draw plots\n"
      )
      return []
    }
    guard let python = pythonWithMatplotlib() else {
      console.error(
        "deflate-bench run: warning: no Python 3 with matplotlib found, so no plots were drawn; install it with 'apt-get install python3-matplotlib' (Debian/Ubuntu) or 'pip install matplotlib', then run: python3 \(script.path) \(folder.path)\n"
      )
      return []
    }
    let output = run(
      python, [script.path, folder.path, "--out", folder.appendingPathComponent("plots").path], showErrors: true)
    guard output.status == 0 else {
      console.error("deflate-bench run: warning: plot.py failed with status \(output.status); see its message above\n")
      return []
    }
    let prefix = folder.standardizedFileURL.path + "/"
    return output.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix(".png") || $0.hasSuffix(".svg") }
      .map {
        let path = URL(fileURLWithPath: $0).standardizedFileURL.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
      }
  }

  /// `$DEFLATEBENCH_SCRIPTS/plot.py`, then `scripts/plot.py` in the current folder, then in the
  /// folders above the executable (a build inside the package: `.build/release/deflate-bench`).
  static func locateScript() -> URL? {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [URL] = []
    if let folder = environment["DEFLATEBENCH_SCRIPTS"] {
      candidates.append(URL(fileURLWithPath: folder).appendingPathComponent("plot.py"))
    }
    candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/scripts/plot.py"))
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<6 {
      candidates.append(folder.appendingPathComponent("scripts/plot.py"))
      folder.deleteLastPathComponent()
    }
    return candidates.first { FileManager.default.isReadableFile(atPath: $0.path) }
  }

  /// Debian's interpreter first: `python3` on PATH may be a pyenv or venv build without the
  /// distribution's python3-matplotlib.
  static func pythonWithMatplotlib() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let candidates = ["/usr/bin/python3"] + path.split(separator: ":").map { "\($0)/python3" }
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
      if run(candidate, ["-c", "import matplotlib"]).status == 0 { return candidate }
    }
    return nil
  }

  /// Runs a child to completion and returns its status and standard output. Its standard error
  /// goes straight to ours (the plot script's notes on skipped charts) or nowhere.
  static func run(_ executable: String, _ arguments: [String], showErrors: Bool = false) -> (
    status: Int32, stdout: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = showErrors ? FileHandle.standardError : FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return (127, "")
    }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
