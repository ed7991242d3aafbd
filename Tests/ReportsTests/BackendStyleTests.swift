import DeflateBenchCodecs
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchReports

/// One style table: results.json carries Swift's, and both renderers draw from it. The page's
/// marks and legend, and scripts/plotting/style.py's colours and markers, are read back and
/// compared with the table.
@Suite struct BackendStyleTests {
  @Test func resultsJSONCarriesAStyleForEveryBackendInRegistryOrder() throws {
    let scratch = try ScratchDirectory("styles")
    try ResultsWriter.write(makeFixtureDocument(), to: scratch.url)
    let document = try ResultsDocument.load(from: scratch.url)
    let styles = try #require(document.backendStyles)
    #expect(styles.map(\.backend) == BackendRegistry.names)
    #expect(Set(styles.map(\.color)).count == styles.count, "two backends share a colour")
    #expect(Set(styles.map(\.marker)).count == styles.count, "two backends share a marker")
    for style in styles {
      #expect(style.color.wholeMatch(of: /#[0-9a-f]{6}/) != nil)
      #expect(Self.matplotlibMarkers[style.marker] != nil, "\(style.marker) is a marker neither renderer knows")
    }
    // A backend the table does not know still gets a style, the same one every time.
    var other = makeFixtureDocument()
    other.cells[0].backend = "lz4"
    let extra = try #require(BackendStyle.table(for: other).last)
    #expect(extra.backend == "lz4" && extra == BackendStyle.of("lz4"))
  }

  /// The marker names of backend_styles and the matplotlib codes they stand for.
  static let matplotlibMarkers = [
    "circle": "o", "square": "s", "triangle_up": "^", "triangle_down": "v", "triangle_left": "<",
    "triangle_right": ">", "diamond": "D", "plus": "P", "x": "X", "hexagon": "h", "star": "*",
  ]

  @Test(.enabled(if: Judge.matplotlib.isAvailable, Comment(rawValue: Judge.matplotlib.missing)))
  func thePNGChartsDrawEachBackendAsTheTableSays() throws {
    let scratch = try ScratchDirectory("styles")
    try ResultsWriter.write(makeFixtureDocument(), to: scratch.url)
    let scripts = DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts").path
    let program = """
      import json, sys
      sys.path.insert(0, sys.argv[1])
      from plotting import style
      from plotting.results import load_results
      results = load_results(sys.argv[2])
      style.use_backend_styles(results)
      names = [look.backend for look in results.backend_styles]
      print(json.dumps({name: [style.backend_style(name).color, style.backend_style(name).marker] for name in names}))
      """
    let result = try ProcessRunner.run(
      Judge.matplotlib.path!, arguments: ["-c", program, scripts, scratch.url.path])
    #expect(result.succeeded, "\(result.stderrText)")
    let drawn = try JSONDecoder().decode([String: [String]].self, from: Data(result.stdout))
    let expected = Dictionary(
      uniqueKeysWithValues: BackendStyle.table(for: makeFixtureDocument()).map {
        ($0.backend, [$0.color, Self.matplotlibMarkers[$0.marker] ?? "?"])
      })
    #expect(drawn == expected)
  }

  @Test(.enabled(if: HeadlessBrowser.executable != nil, Comment(rawValue: HeadlessBrowser.missingMessage)))
  func thePageDrawsEachBackendAsTheTableSays() throws {
    let scratch = try ScratchDirectory("styles")
    let text = try PageProbe.evaluate(
      try pageHTML(),
      script: """
        const marks = {};
        for (const set of SETS) {
          history.replaceState(null, "", "#" + new URLSearchParams({ corpus: set.corpus, split: set.split }).toString());
          readFragment();
          render();
          // Hollow marks (unverified cells) have no fill to compare.
          for (const mark of document.querySelectorAll("#ratio-chart path.mark")) {
            if (mark.getAttribute("fill") !== "none") marks[mark.dataset.backend] = [mark.getAttribute("fill"), mark.dataset.marker];
          }
        }
        return marks;
        """, in: scratch.url)
    let drawn = try JSONDecoder().decode([String: [String]].self, from: Data(text.utf8))
    let backends = Set(makeFixtureDocument().cells.map(\.backend))
    #expect(Set(drawn.keys) == backends, "\(drawn.keys.sorted())")
    for (backend, look) in drawn {
      let style = BackendStyle.of(backend)
      #expect(look == [style.color, style.marker], "\(backend)")
    }
  }
}
