import Foundation
import TestSupport
import Testing

@testable import DeflateBenchReports

/// report.html's template, styles and scripts are files (Sources/Reports/HTML/Assets), shipped as
/// the Reports target's resources: the built bundle holds them as the sources do, the page inlines
/// every one, each script parses on its own and all of them together, and no Swift source holds
/// JavaScript or CSS any more.
@Suite struct ReportPageAssetsTests {
  static let sources = DeflateBenchExecutable.packageRoot.appendingPathComponent("Sources/Reports/HTML/Assets")

  static func source(_ name: String) throws -> String {
    try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func theBuiltBundleHoldsEveryAssetAsTheSourcesDo() throws {
    let bundled = try #require(PageAssets.folder, "the test binary found no Assets folder in Bundle.module")
    for name in PageAssets.allFiles {
      let copy = try String(contentsOf: bundled.appendingPathComponent(name), encoding: .utf8)
      #expect(copy == (try Self.source(name)), "\(name) in the bundle differs from the source: rebuild")
    }
    // Every file in the folder is one the page uses.
    let listed = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
    #expect(Set(listed) == Set(PageAssets.allFiles))
  }

  @Test func thePageInlinesEveryAsset() throws {
    let html = try pageHTML()
    for name in [PageAssets.styleFile, PageAssets.errorScriptFile] + PageAssets.scriptFiles {
      #expect(html.contains(try Self.source(name)), "report.html does not inline \(name)")
    }
    #expect(!html.contains("{{"), "a slot of page.html was left unfilled")
  }

  /// `node --check` on each script, then on the concatenation the page runs: a syntax error, or a
  /// name two files both declare at the top level, fails here with the file and line.
  /// Node.js (Debian's nodejs, which scripts/setup.sh installs).
  static let node = ProcessRunner.findExecutable(named: "node")

  @Test(
    .enabled(
      if: node != nil,
      "needs node (Node.js parses report.html's script files); it is not installed here, scripts/setup.sh installs it"))
  func everyScriptParses() throws {
    let scratch = try ScratchDirectory("page-assets")
    let whole = try PageAssets.scriptFiles.map(Self.source).joined(separator: "\n")
    let concatenated = try scratch.write("page.js", text: whole)
    for file in [PageAssets.errorScriptFile] + PageAssets.scriptFiles {
      let result = try ProcessRunner.run(
        Self.node!, arguments: ["--check", Self.sources.appendingPathComponent(file).path])
      #expect(result.succeeded, "\(file): \(result.stderrText)")
    }
    let result = try ProcessRunner.run(Self.node!, arguments: ["--check", concatenated.path])
    #expect(result.succeeded, "the scripts together: \(result.stderrText)")
  }

  /// The page's code lives in the asset files only.
  @Test func noSwiftSourceHoldsJavaScriptOrCSS() throws {
    let markers = [
      "addEventListener", "getElementById", "querySelector", "JSON.parse(", "createElementNS", "font-family:",
      "border-radius:", "grid-template-columns", "@media",
    ]
    let root = DeflateBenchExecutable.packageRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var found: [String] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for marker in markers where text.contains(marker) { found.append("\(file.lastPathComponent): \(marker)") }
    }
    #expect(found.isEmpty, "\(found)")
  }
}
