import Foundation
import TestSupport
import Testing

/// `.github/workflows/bench.yml` parsed by a real YAML parser (Debian's python3-yaml), then checked
/// for the jobs and steps the CI design needs: a shard matrix that runs the suite, a merge, and a
/// comparison against the committed baseline in relative mode.
@Suite("CI workflow file")
struct WorkflowFileTests {
  static let python = "/usr/bin/python3"
  static let workflow = DeflateBenchExecutable.packageRoot.appendingPathComponent(".github/workflows/bench.yml")

  /// PyYAML is a Debian package (python3-yaml), not part of Python itself.
  static let hasYAML: Bool = {
    guard FileManager.default.isExecutableFile(atPath: python) else {
      print("skipping the workflow YAML test: \(python) is missing")
      return false
    }
    guard (try? run([python, "-c", "import yaml"]).status) == 0 else {
      print("skipping the workflow YAML test: python3-yaml is not installed (add it to scripts/setup.sh)")
      return false
    }
    return true
  }()

  @Test(.enabled(if: hasYAML)) func theWorkflowHasShardMergeAndCompareJobs() throws {
    let jobs = try #require(try parsedWorkflow()["jobs"] as? [String: Any])

    let measure = try #require(jobs["measure"] as? [String: Any])
    let matrix = try #require((measure["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
    let shards = try #require(matrix["shard"] as? [Int])
    let total = try #require((matrix["shards"] as? [Int])?.first)
    #expect(shards == Array(1...total), "the matrix must cover shards 1...N exactly")
    #expect(shards.count >= 2)
    let measureRuns = runLines(measure)
    #expect(measureRuns.contains { $0.contains("scripts/setup.sh") })
    #expect(measureRuns.contains { $0.contains("swift build -c release") })
    let runLine = try #require(measureRuns.first { $0.contains("deflate-bench run") })
    #expect(runLine.contains("--config Corpora/ci.json"))
    #expect(runLine.contains("--shard ${{ matrix.shard }}/${{ matrix.shards }}"))
    #expect(runLine.contains("--out shard-${{ matrix.shard }}"))
    #expect(uses(measure).contains { $0.hasPrefix("actions/upload-artifact@") })

    let merge = try #require(jobs["merge"] as? [String: Any])
    #expect(needs(merge) == ["measure"])
    #expect(uses(merge).contains { $0.hasPrefix("actions/download-artifact@") })
    #expect(runLines(merge).contains { $0.contains("deflate-bench merge shards/shard-* --out merged") })

    let compare = try #require(jobs["compare"] as? [String: Any])
    #expect(needs(compare) == ["merge"])
    let compareLine = try #require(runLines(compare).first { $0.contains("deflate-bench compare") })
    #expect(compareLine.contains("compare Results/baseline merged"))
    #expect(compareLine.contains("--relative"))
  }

  // MARK: - Helpers

  private func parsedWorkflow() throws -> [String: Any] {
    let script = "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)"
    let result = try Self.run([Self.python, "-c", script, Self.workflow.path])
    try #require(result.status == 0, "YAML parse failed: \(result.error)")
    return try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
  }

  private func steps(_ job: [String: Any]) -> [[String: Any]] { job["steps"] as? [[String: Any]] ?? [] }
  private func runLines(_ job: [String: Any]) -> [String] { steps(job).compactMap { $0["run"] as? String } }
  private func uses(_ job: [String: Any]) -> [String] { steps(job).compactMap { $0["uses"] as? String } }
  private func needs(_ job: [String: Any]) -> [String] {
    if let one = job["needs"] as? String { return [one] }
    return job["needs"] as? [String] ?? []
  }

  private static func run(_ arguments: [String]) throws -> (status: Int32, output: Data, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read before waiting, so a large output cannot fill the pipe and stall the child.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, data, errorText)
  }
}
