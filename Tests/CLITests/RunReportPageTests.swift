import Foundation
import TestSupport
import Testing

/// The page a real run writes: report.html beside report.md, opened headless from a file:// URL,
/// shows the verdict, and a slow and a fast uplink in the fragment give the verdicts the Swift
/// model wrote into results.json for those links.
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
      let setting = [row["best_backend"], row["best_level"], row["best_container"]].map { "\($0 ?? "")" }
      #expect(PageProbe.attribute("data-setting", ofElement: "verdict", in: dom) == setting.joined(separator: ":"))
      answers.append(compress)
    }
    #expect(answers == ["true", "false"], "the two links should disagree: \(answers)")
  }
}
