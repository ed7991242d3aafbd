import Foundation
import TestSupport
import Testing

/// `run --objective` and `--min-saving`'s forms through the built executable: what results.json's
/// `model` records, which rows are decided on what, what the console's answer says, and that the
/// independent checker (scripts/verdict_check.py) re-decides the rows the same way.
@Suite("run: the verdict's objective")
struct RunObjectiveTests {
  static let arguments: [(objective: String?, minSaving: String, model: [String: Double])] = [
    ("energy", "5mJ,1ms,2%", ["min_saving_mj": 5, "min_saving_ms": 1, "min_saving_percent": 2]),
    (nil, "3,4", ["min_saving_ms": 3, "min_saving_percent": 4]),
  ]

  @Test(
    "the objective and the minimum saving with its unit are recorded, and every row says what it weighed",
    arguments: 0..<arguments.count)
  func objectiveIsRecordedAndFollowed(index: Int) throws {
    let (objective, minSaving, expected) = Self.arguments[index]
    let scratch = try ScratchDirectory("run-objective")
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--corpus", RunExecutionTests.tinyCorpus, "--backends", "zlib",
        "--levels", "1,6", "--device", "this", "--device", "phone-high", "--device", "phone-mid", "--min-saving",
        minSaving, "--out", "out",
      ] + (objective.map { ["--objective", $0] } ?? []), in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    let kind = objective ?? "time"
    #expect(result.stdoutText.contains("Answer (modelled per request, warm connection, decided on \(kind);"))
    let results = scratch.url.appendingPathComponent("out/results.json")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: results)) as? [String: Any])
    let model = try #require(document["model"] as? [String: Any])
    #expect(model["objective"] as? String == kind)
    for (key, value) in expected { #expect(model[key] as? Double == value, "\(key): \(model[key] ?? "none")") }
    if objective == nil { #expect(model["min_saving_mj"] == nil, "no energy minimum with the time objective") }
    let rows = try #require(document["verdict"] as? [[String: Any]])
    #expect(rows.count == 4 * 3, "4 default links x 3 devices")
    for row in rows {
      let onEnergy = kind == "energy" && row["device"] as? String == "phone-high"
      #expect(row["objective"] as? String == (onEnergy ? "energy" : "time"), "\(row)")
      #expect((row["objective_note"] != nil) == (kind == "energy" && !onEnergy), "\(row)")
    }
    guard let python = Judge.python3.path else {
      Issue.record(Comment(rawValue: Judge.python3.missing))
      return
    }
    let check = try ProcessRunner.run(
      python,
      arguments: [
        DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts/verdict_check.py").path, scratch.path("out"),
      ], timeoutSeconds: 120)
    #expect(check.status == 0, "\(check.stdoutText)\(check.stderrText)")
    for what in ["times", "energies"] {
      #expect(check.stdoutText.contains("verdict \(what); largest relative difference 0\n"), "\(check.stdoutText)")
    }
    #expect(check.stdoutText.contains("objective \(kind): \(kind == "energy" ? 4 : 0) of 12 rows decided on energy"))
    #expect(check.stdoutText.contains("rules hold"))
  }
}
