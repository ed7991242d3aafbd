import DeflateBenchModel
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// `scripts/verdict_check.py` re-decides every verdict row from results.json alone (its own model
/// and its own reading of docs/verdict.md's rules) and fails on a row that breaks any rule: a
/// results.json the verdict wrote passes, and each edit that breaks one rule is caught by name.
/// With `--objective energy` it recomputes every setting's energy from results.json's `energy`
/// (scripts/energy_model.py) and re-decides the rows of a phone on it.
@Suite(
  "scripts/verdict_check.py", .enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
struct VerdictCheckScriptTests {
  /// One payload set where brotli 5 and zstd 3 both beat zlib 6 and tie (brotli 5 writes fewer
  /// bytes), ISA-L 0 is beaten by zlib 6, and a second set nothing shrinks.
  static func document(objective: VerdictObjective = .time) -> ResultsDocument {
    let samples = { (speed: Double) in (0..<10).map { speed * (1 + 0.01 * (Double($0) - 4.5) / 4.5) } }
    let cell = { (backend: String, container: String, level: Int, out: Int, speed: Double, corpus: String) in
      makeFixtureCell(
        corpus: corpus, backend: backend, container: container, level: level, inputBytes: 100_000,
        outputBytes: out, compressMBps: samples(speed), decompressMBps: samples(500))
    }
    let cells = [
      cell("zlib", "gzip", 6, 25_000, 50, "events"), cell("zstd", "zstd", 3, 20_600, 400, "events"),
      cell("brotli", "br", 5, 20_300, 100, "events"), cell("isal", "gzip", 0, 40_000, 800, "events"),
      cell("zlib", "gzip", 6, 100_040, 50, "noise"), cell("zstd", "zstd", 3, 100_010, 400, "noise"),
    ]
    var document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: cells, warnings: [])
    var parameters = ModelParameters(
      requestHeadBytes: 250, requestHeadSource: "default", links: [.threeG, .lte],
      devices: [.this, .phoneHigh])
    parameters.accept = ModelParameters.defaultAccept
    parameters.objective = objective.rawValue
    parameters.minSavingMj = objective == .energy ? ModelParameters.defaultMinSavingMj : nil
    Verdict.assemble(&document, parameters: parameters)
    return document
  }

  /// Runs the script on `document` after `edit`; its exit status and output.
  func check(
    objective: VerdictObjective = .time, _ edit: (inout [String: Any]) -> Void = { _ in }
  ) throws -> (status: Int32, output: String) {
    let scratch = try ScratchDirectory("verdict-check")
    let data = try JSONReport.encode(Self.document(objective: objective))
    var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    edit(&json)
    try JSONSerialization.data(withJSONObject: json).write(to: scratch.url.appendingPathComponent("results.json"))
    let script = DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts/verdict_check.py").path
    let result = try ProcessRunner.run(
      try #require(Judge.python3.path), arguments: [script, scratch.url.path], timeoutSeconds: 60)
    return (result.status, result.stdoutText + result.stderrText)
  }

  /// Edits the `events` row on LTE from `device` (this machine unless said).
  static func editRow(
    _ json: inout [String: Any], device: String = "this", _ change: (inout [String: Any]) -> Void
  ) {
    var rows = json["verdict"] as? [[String: Any]] ?? []
    guard
      let index = rows.firstIndex(where: {
        $0["corpus"] as? String == "events" && $0["link"] as? String == "lte" && $0["device"] as? String == device
      })
    else { return }
    change(&rows[index])
    json["verdict"] = rows
  }

  @Test("the verdict's own results.json passes: every total recomputed exactly, every rule held")
  func ownOutputPasses() throws {
    let (status, output) = try check()
    #expect(status == 0, "\(output)")
    #expect(output.contains("largest relative difference 0"), "\(output)")
    #expect(output.contains("rules hold"), "\(output)")
    let row = try #require(Self.document().verdict?.first { $0.corpus == "events" && $0.link == "lte" })
    #expect(row.bestBackend == "brotli" && row.gzipBackend == "zlib", "the case the edits below break: \(row)")
  }

  static let edits: [(String, @Sendable (inout [String: Any]) -> Void)] = [
    ("decision rule", { json in editRow(&json) { $0["decision"] = "no_meaningful_difference" } }),
    (
      "bytes rule",
      { json in
        editRow(&json) {
          $0["best_backend"] = "zstd"; $0["best_container"] = "zstd"; $0["best_level"] = 3
        }
      }
    ),
    (
      "anchor rule: names zlib 6 while",
      { json in
        editRow(&json) {
          $0["best_backend"] = "zlib"; $0["best_container"] = "gzip"; $0["best_level"] = 6
        }
      }
    ),
    (
      "anchor rule: zlib 6 beats the named",
      { json in
        editRow(&json) {
          $0["best_backend"] = "isal"; $0["best_container"] = "gzip"; $0["best_level"] = 0
        }
      }
    ),
    (
      "gzip rule",
      { json in
        editRow(&json) {
          $0["gzip_backend"] = "isal"; $0["gzip_level"] = 0
        }
      }
    ),
    (
      "accepted codings",
      { json in
        var model = json["model"] as? [String: Any] ?? [:]
        model["accept"] = ["gzip", "deflate"]
        json["model"] = model
      }
    ),
    (
      "decision rule",
      { json in
        var model = json["model"] as? [String: Any] ?? [:]
        model["min_saving_ms"] = 10_000
        json["model"] = model
      }
    ),
    (
      "answer",
      { json in
        var answers = json["answer"] as? [[String: Any]] ?? []
        if !answers.isEmpty { answers[0]["backend"] = "zstd" }
        json["answer"] = answers
      }
    ),
    (
      "largest relative difference",
      { json in
        var cells = json["cells"] as? [[String: Any]] ?? []
        for index in cells.indices where cells[index]["backend"] as? String == "brotli" {
          var figures = cells[index]["figures"] as? [String: Any] ?? [:]
          figures["compress_mbps"] = 200.0
          cells[index]["figures"] = figures
        }
        json["cells"] = cells
      }
    ),
  ]

  @Test("an edit that breaks one rule fails the check and names the rule", arguments: 0..<edits.count)
  func brokenRuleFails(index: Int) throws {
    let (phrase, edit) = Self.edits[index]
    let (status, output) = try check(edit)
    #expect(status == 1, "\(phrase): \(output)")
    #expect(output.contains(phrase), "\(phrase): \(output)")
  }

  @Test("an energy-objective results.json passes: every energy recomputed exactly, the phone's rows decided on it")
  func energyObjectivePasses() throws {
    let (status, output) = try check(objective: .energy)
    #expect(status == 0, "\(output)")
    #expect(output.contains("verdict times; largest relative difference 0\n"), "\(output)")
    #expect(output.contains("verdict energies; largest relative difference 0\n"), "\(output)")
    // Two payload sets on 3G and LTE: the phone's four rows on energy, this machine's on time.
    #expect(output.contains("objective energy: 4 of 8 rows decided on energy"), "\(output)")
    #expect(output.contains("rules hold"), "\(output)")
    let rows = try #require(Self.document(objective: .energy).verdict)
    let phone = try #require(rows.first { $0.corpus == "events" && $0.link == "lte" && $0.device == "phone-high" })
    #expect(phone.objective == "energy" && phone.decision == "compress", "the case the edits below break: \(phone)")
    // The time objective's file records the same energies, and the check recomputes them too.
    let (timeStatus, timeOutput) = try check(objective: .time)
    #expect(timeStatus == 0 && timeOutput.contains("verdict energies; largest relative difference 0\n"))
  }

  static let energyEdits: [(String, @Sendable (inout [String: Any]) -> Void)] = [
    ("decision rule", { json in editRow(&json, device: "phone-high") { $0["decision"] = "no_meaningful_difference" } }),
    (
      "objective rule: decided on time where the rules give energy",
      { json in
        editRow(&json, device: "phone-high") {
          $0["objective"] = "time"; $0["objective_note"] = "no reason"
        }
      }
    ),
    (
      "objective rule: decided on time without saying why",
      { json in editRow(&json) { $0["objective_note"] = nil } }
    ),
    (
      "decision rule",
      { json in
        var model = json["model"] as? [String: Any] ?? [:]
        model["min_saving_mj"] = 1e9
        json["model"] = model
      }
    ),
    (
      "energy model: the Python model's energies differ",
      { json in
        var energy = json["energy"] as? [String: Any] ?? [:]
        var devices = energy["devices"] as? [[String: Any]] ?? []
        for index in devices.indices { devices[index]["active_watts"] = 40.0 }
        energy["devices"] = devices
        json["energy"] = energy
      }
    ),
    (
      "energy: the row records no energy where it is modelled",
      { json in editRow(&json, device: "phone-high") { $0["energy"] = nil } }
    ),
    (
      "answer energy",
      { json in
        var answers = json["answer"] as? [[String: Any]] ?? []
        guard var links = answers.first?["links"] as? [[String: Any]],
          let lte = links.firstIndex(where: { $0["link"] as? String == "lte" }),
          var energy = links[lte]["energy"] as? [String: Any], var isolated = energy["isolated"] as? [String: Any]
        else { return }
        isolated["identity_mj"] = 1.0
        energy["isolated"] = isolated
        links[lte]["energy"] = energy
        answers[0]["links"] = links
        json["answer"] = answers
      }
    ),
  ]

  @Test(
    "with the energy objective, an edit that breaks one rule fails the check and names it",
    arguments: 0..<energyEdits.count)
  func brokenEnergyRuleFails(index: Int) throws {
    let (phrase, edit) = Self.energyEdits[index]
    let (status, output) = try check(objective: .energy, edit)
    #expect(status == 1, "\(phrase): \(output)")
    #expect(output.contains(phrase), "\(phrase): \(output)")
  }
}
