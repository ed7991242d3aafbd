import DeflateBenchResults
import Foundation

/// report.html's template, styles and scripts. They are real files in `Assets/` (this target's
/// SwiftPM resources, so editors, `node --check` and the browser tests read them as what they
/// are), read once and inlined into every page, which stays one self-contained file.
enum PageAssets {
  /// The page's skeleton with its `{{…}}` slots.
  static let templateFile = "page.html"
  static let styleFile = "page.css"
  /// Runs in `<head>`, before everything else, so even a syntax error in the main script shows.
  static let errorScriptFile = "errors.js"
  /// The main script's parts, in the order they are concatenated into one `<script>`: each uses
  /// top-level functions of the parts before it.
  static let scriptFiles = [
    "format.js", "sender.js", "model.js", "state.js", "controls.js", "charts.js", "tables.js", "start.js",
  ]

  /// Every asset file, for the tests that check them.
  static var allFiles: [String] { [templateFile, styleFile, errorScriptFile] + scriptFiles }

  struct Texts: Sendable {
    var template: String
    var style: String
    var errorScript: String
    /// `scriptFiles` joined.
    var script: String
  }

  /// The assets, read on first use.
  static func texts() throws(ResultsWriteError) -> Texts { try loaded.get() }

  private static let loaded = Result<Texts, ResultsWriteError>(catching: { () throws(ResultsWriteError) -> Texts in
    var parts: [String] = []
    for name in scriptFiles { parts.append(try read(name)) }
    return Texts(
      template: try read(templateFile), style: try read(styleFile), errorScript: try read(errorScriptFile),
      script: parts.joined(separator: "\n"))
  })

  /// The folder that holds the assets: `Assets` inside the target's resource bundle, which SwiftPM
  /// builds beside the executable (`DeflateBench_DeflateBenchReports.resources` on Linux).
  static var folder: URL? { Bundle.module.url(forResource: "Assets", withExtension: nil) }

  static func read(_ name: String) throws(ResultsWriteError) -> String {
    guard let url = folder?.appendingPathComponent(name) else {
      throw .encoding(
        reason: "report.html's assets are missing from \(Bundle.module.bundlePath): rebuild deflate-bench")
    }
    do {
      return try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw .encoding(reason: "report.html's asset \(url.path) cannot be read (\(error)): rebuild deflate-bench")
    }
  }
}
