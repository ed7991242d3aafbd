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
  static let hasYAML = Judge.pyyaml.isAvailable

  @Test(.enabled(if: hasYAML, Comment(rawValue: Judge.pyyaml.missing))) func theWorkflowHasShardMergeAndCompareJobs()
    throws
  {
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
    #expect(runLine.contains("--config Corpora/ci.json") && runLine.contains("--upload local"))
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

  /// The image must be able to build the package (its Swift at least the declared tools version,
  /// which is the real minimum) and must be the distribution the baseline was recorded on, or the
  /// exact size gate would compare other library versions.
  @Test(.enabled(if: hasYAML, Comment(rawValue: Judge.pyyaml.missing)))
  func everyJobUsesAnImageThatBuildsAndMatchesTheBaseline() throws {
    let jobs = try #require(try parsedWorkflow()["jobs"] as? [String: Any])
    let images = Set(jobs.values.compactMap { Self.image(of: $0) })
    #expect(images.count == 1, "every job should run in the same image, got \(images.sorted())")
    let image = try #require(images.first)
    let tag = try #require(WorkflowImage(image), "expected an official image such as swift:6.2-bookworm, got \(image)")

    let manifest = try String(
      contentsOf: DeflateBenchExecutable.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let tools = try #require(WorkflowImage.toolsVersion(manifest), "Package.swift declares no swift-tools-version")
    #expect(
      tag.swiftVersion.lexicographicallyPrecedes(tools) == false,
      "the image's Swift \(tag.swiftVersion) is older than swift-tools-version \(tools)")

    let baseline = DeflateBenchExecutable.packageRoot.appendingPathComponent("Results/baseline/results.json")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any])
    let os = try #require((document["context"] as? [String: Any])?["os"] as? String)
    #expect(
      os.lowercased().contains("(\(tag.distribution))"),
      "the baseline was recorded on \(os), the workflow runs \(tag.distribution)")
  }

  /// Issue #25: the workflow runs what `.ci/run` runs and nothing more, on the toolchain the
  /// baseline was recorded with: scripts/test.sh and the lint, ci-benchmark.sh's run options
  /// (plus the shard) and its compare options; only the test job installs the judges.
  @Test(.enabled(if: hasYAML, Comment(rawValue: Judge.pyyaml.missing)))
  func theWorkflowRunsWhatCIRunRuns() throws {
    let root = DeflateBenchExecutable.packageRoot
    let ciRun = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
    let script = try String(contentsOf: root.appendingPathComponent("scripts/ci-benchmark.sh"), encoding: .utf8)
    let jobs = try #require(try parsedWorkflow()["jobs"] as? [String: Any])
    let all = jobs.values.compactMap { $0 as? [String: Any] }.flatMap(runLines)

    #expect(ciRun.contains("bash scripts/test.sh") && all.contains("bash scripts/test.sh"))
    let lint = "swift format lint --strict --recursive Sources Tests Package.swift Plugins"
    #expect(ciRun.contains(lint) && all.contains(lint))
    // The model against the kernel's TCP, in a job whose container may make namespaces and TUN devices.
    let modelCheck = "bash scripts/model-check.sh"
    #expect(ciRun.contains(modelCheck) && all.contains(modelCheck))
    let checking = jobs.values.compactMap { $0 as? [String: Any] }.first { runLines($0).contains(modelCheck) }
    let options = (checking?["container"] as? [String: Any])?["options"] as? String
    #expect(options?.contains("--privileged") == true, "the model check's container: \(options ?? "no options")")

    // The measure and compare commands carry exactly ci-benchmark.sh's options.
    let scriptRun = try #require(Self.options(of: "run", in: script))
    let workflowRun = try #require(Self.options(of: "run", in: all.joined(separator: "\n")))
    let sharding: Set<String> = ["--shard", "${{matrix.shard}}/${{matrix.shards}}", "--out", "shard-${{matrix.shard}}"]
    #expect(workflowRun.subtracting(sharding) == scriptRun.subtracting(["--out", "\"$work/current\""]))
    let scriptCompare = try #require(Self.options(of: "compare", in: script))
    let workflowCompare = try #require(Self.options(of: "compare", in: all.joined(separator: "\n")))
    #expect(
      workflowCompare.subtracting(["Results/baseline", "merged"])
        == scriptCompare.subtracting(["Results/baseline", "\"$work/current\""]))

    // Judges, browser and plotting stack only where tests run.
    for (name, job) in jobs {
      let setups = runLines(job as? [String: Any] ?? [:]).filter { $0.contains("scripts/setup.sh") }
      #expect(setups == [name == "test" ? "bash scripts/setup.sh" : "bash scripts/setup.sh --libraries"], "\(name)")
    }

    // The Swift of the image is the one the baseline was recorded with.
    let images = jobs.values.compactMap { Self.image(of: $0) }
    let image = try #require(images.first)
    let tag = try #require(WorkflowImage(image))
    let baseline = root.appendingPathComponent("Results/baseline/results.json")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any])
    let swift = try #require((document["context"] as? [String: Any])?["swift_version"] as? String)
    let recorded = swift.split(separator: ".").prefix(2).compactMap { Int($0) }
    #expect(Array(tag.swiftVersion.prefix(2)) == recorded, "image Swift \(tag.swiftVersion), baseline \(swift)")
  }

  /// A job's container image, written `container: IMAGE` or `container: {image: IMAGE, ...}`.
  static func image(of job: Any) -> String? {
    let container = (job as? [String: Any])?["container"]
    return container as? String ?? (container as? [String: Any])?["image"] as? String
  }

  /// The words after `deflate-bench <command>` (or `$bench" <command>`) on the first line that has them.
  static func options(of command: String, in text: String) -> Set<String>? {
    // `${{ matrix.shard }}` is one word to the shell once GitHub expands it.
    let expressions = text.replacingOccurrences(of: "${{ ", with: "${{").replacingOccurrences(of: " }}", with: "}}")
    for line in expressions.split(separator: "\n") {
      let words = line.split(separator: " ").map(String.init)
      guard let index = words.firstIndex(where: { $0.hasSuffix("deflate-bench") || $0 == "\"$bench\"" }),
        index + 1 < words.count, words[index + 1] == command
      else { continue }
      return Set(words[(index + 2)...])
    }
    return nil
  }

  @Test func imageTagsAndToolsVersionsParse() {
    #expect(WorkflowImage("swift:6.2-bookworm")?.swiftVersion == [6, 2])
    #expect(WorkflowImage("swift:6.2-bookworm")?.distribution == "bookworm")
    #expect(WorkflowImage("swift:6.1.2-noble")?.swiftVersion == [6, 1, 2])
    #expect(WorkflowImage("swift:latest") == nil)
    #expect(WorkflowImage("ubuntu:24.04") == nil)
    #expect(WorkflowImage.toolsVersion("// swift-tools-version:6.2\n") == [6, 2])
    #expect(WorkflowImage.toolsVersion("// swift-tools-version: 5.9.1\nimport") == [5, 9, 1])
    #expect(WorkflowImage.toolsVersion("import PackageDescription") == nil)
    // [6, 1] precedes [6, 2]: 6.1 cannot build a 6.2 manifest.
    #expect([6, 1].lexicographicallyPrecedes([6, 2]))
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

/// An official Swift image tag, `swift:<version>-<distribution codename>`.
struct WorkflowImage: Equatable {
  var swiftVersion: [Int]
  var distribution: String

  init?(_ image: String) {
    guard image.hasPrefix("swift:") else { return nil }
    let tag = image.dropFirst("swift:".count)
    guard let dash = tag.firstIndex(of: "-") else { return nil }
    guard let version = Self.version(tag[..<dash]) else { return nil }
    swiftVersion = version
    distribution = String(tag[tag.index(after: dash)...])
  }

  /// The version of the `// swift-tools-version:` line a manifest starts with.
  static func toolsVersion(_ manifest: String) -> [Int]? {
    guard let first = manifest.split(separator: "\n").first, first.hasPrefix("// swift-tools-version:") else {
      return nil
    }
    return version(first.dropFirst("// swift-tools-version:".count).trimmingCharacters(in: .whitespaces)[...])
  }

  private static func version(_ text: Substring) -> [Int]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
    return parts.map { $0! }
  }
}
