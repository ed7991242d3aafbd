import DeflateBenchModel
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// The page a real run writes: report.html beside report.md, opened headless from a file:// URL,
/// opens on the run's answer, and a slow and a fast uplink in the fragment show the verdict rows
/// the Swift model wrote into results.json for those links: their decision and setting, read by
/// the page, not decided again.
@Suite(
  "run: report.html in a browser",
  .enabled(if: HeadlessBrowser.executable != nil, Comment(rawValue: HeadlessBrowser.missingMessage)))
struct RunReportPageTests {
  @Test func theRunsPageFollowsTheFragmentAsTheSwiftVerdictSays() throws {
    let scratch = try ScratchDirectory("run-page")
    let run = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path,
      arguments: [
        "run", "--allow-debug", "--quick", "--quiet", "--corpus", RunExecutionTests.tinyCorpus, "--backends",
        "zlib,libdeflate,zstd", "--link", "3g", "--link", "lan=10Gbit@1ms", "--device", "this", "--device", "slow=20",
        "--out", "out",
      ], currentDirectory: scratch.url.path, timeoutSeconds: 120)
    #expect(run.status == 0, "\(run.stderrText)")
    let page = scratch.url.appendingPathComponent("out/report.html")
    let results = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.url.appendingPathComponent("out/results.json")))
        as? [String: Any])
    let rows = try #require(results["verdict"] as? [[String: Any]])
    // A 400 kbit/s link from this machine, and 10 Gbit/s from a client 20 times slower.
    let cases = [("3g", "this", "link=3g&device=this"), ("lan", "slow", "uplink=10Gbit&rtt=1ms&device=slow")]
    var answers: [String] = []
    for (link, device, fragment) in cases {
      let row = try #require(rows.first { $0["link"] as? String == link && $0["device"] as? String == device })
      let dom = try PageProbe.load(page, fragment: fragment)
      #expect(PageProbe.attribute("hidden", ofElement: "page-errors", in: dom) != nil)
      let compress = try #require(PageProbe.attribute("data-compress", ofElement: "verdict", in: dom))
      #expect(compress == String(row["compress"] as? Bool ?? false), "\(link)/\(device)")
      #expect(PageProbe.attribute("data-source", ofElement: "verdict", in: dom) == "run", "\(link)/\(device)")
      #expect(PageProbe.attribute("data-decision", ofElement: "verdict", in: dom) == row["decision"] as? String)
      #expect(PageProbe.attribute("data-setting", ofElement: "verdict", in: dom) == bestSetting(row))
      #expect(dom.contains("id=\"answer\""), "the page does not open on the answer")
      answers.append(compress)
    }
    #expect(answers == ["true", "false"], "the two links should disagree: \(answers)")
  }

  /// `backend:level:container` of a verdict row's recommended setting, as the page spells it.
  func bestSetting(_ row: [String: Any]) -> String {
    guard let backend = row["best_backend"] as? String, let level = row["best_level"] as? Int,
      let container = row["best_container"] as? String
    else { return "" }
    return "\(backend):\(level):\(container)"
  }
}
