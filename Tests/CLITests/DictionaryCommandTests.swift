import Foundation
import TestSupport
import Testing

/// `dict train`, `compress`/`decompress --dictionary` and `run --dictionary`, run as the built
/// executable, with `zstd -D` as the outside judge and every bad input checked for its exit
/// status and for leaving nothing behind.
@Suite("Dictionary commands")
struct DictionaryCommandTests {
  /// Training events (seed 2) and measured events (seed 1, the generator's default): never the same.
  static let trainingCorpus = "json-events:mixpanel:count=600,events=1,seed=2"
  static let measuredCorpus = "json-events:mixpanel:count=40,events=1"

  func deflateBench(_ arguments: [String], in folder: URL, stdin: [UInt8] = []) throws -> ProcessOutput {
    try ProcessRunner.run(
      try DeflateBenchExecutable.url.path, arguments: arguments, stdin: stdin, currentDirectory: folder.path,
      timeoutSeconds: 180)
  }

  func trainedDictionary(in scratch: ScratchDirectory, size: String = "8K") throws -> ProcessOutput {
    try deflateBench(
      ["dict", "train", "--corpus", Self.trainingCorpus, "--size", size, "--out", "events.dict"], in: scratch.url)
  }

  @Test(.enabled(if: Judge.areAvailable(.zstd, .sha256sum), Comment(rawValue: Judge.missing(.zstd, .sha256sum))))
  func trainPrintsSamplesSizeAndHashAndZstdReadsTheDictionary() throws {
    let scratch = try ScratchDirectory("dict-train")
    let result = try trainedDictionary(in: scratch)
    #expect(result.status == 0, "\(result.stderrText)")
    let bytes = try [UInt8](Data(contentsOf: scratch.url.appendingPathComponent("events.dict")))
    #expect(bytes.count <= 8192 && bytes.count > 4096)
    #expect(result.stdoutText.contains("samples: 600 payloads"))
    #expect(result.stdoutText.contains("\(bytes.count) bytes, sha256 "))
    let sha = try ProcessRunner.run("sha256sum", arguments: [scratch.path("events.dict")])
    #expect(result.stdoutText.contains(String(sha.stdoutText.prefix(64))))
    // The event compressed by our zstd with the dictionary decodes with the zstd command.
    let event = Array(#"{"event":"Signed Up","properties":{"distinct_id":"user-1","plan":"pro"}}"#.utf8)
    for container in ["dcz", "zstd"] {
      let compressed = try deflateBench(
        ["compress", "--backend", "zstd", "--dictionary", "events.dict", "--container", container], in: scratch.url,
        stdin: event)
      #expect(compressed.status == 0, "\(compressed.stderrText)")
      let restored = try deflateBench(
        ["decompress", "--backend", "zstd", "--dictionary", "events.dict", "--container", container],
        in: scratch.url, stdin: compressed.stdout)
      #expect(restored.stdout == event)
      let judged = try ProcessRunner.run(
        "zstd", arguments: ["-d", "-q", "-c", "-D", scratch.path("events.dict")], stdin: compressed.stdout)
      #expect(judged.succeeded && judged.stdout == event, "\(container): \(judged.stderrText)")
    }
  }

  @Test func badDictionaryInputsFailWithTheirExitCodesAndWriteNothing() throws {
    let scratch = try ScratchDirectory("dict-bad")
    let tooFew = try deflateBench(
      ["dict", "train", "--corpus", "json-events:mixpanel:count=5,events=1", "--out", "few.dict"], in: scratch.url)
    #expect(tooFew.status == 65)
    #expect(tooFew.stderrText.contains("too few training samples"))
    let tooSmallSample = try deflateBench(
      ["dict", "train", "--corpus", "json-events:mixpanel:count=20,events=1", "--size", "110K", "--out", "few.dict"],
      in: scratch.url)
    #expect(tooSmallSample.status == 65, "\(tooSmallSample.stderrText)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("few.dict")))

    _ = try scratch.write("empty.dict", [])
    _ = try scratch.write("big.dict", [UInt8](repeating: 7, count: 40_000))
    let cases: [([String], Int32, String)] = [
      (["compress", "--backend", "zstd", "--dictionary", "missing.dict"], 66, "does not exist"),
      (["compress", "--backend", "zstd", "--dictionary", "empty.dict"], 65, "it is empty"),
      (["compress", "--backend", "zlib", "--dictionary", "big.dict"], 65, "32768-byte window"),
      (["compress", "--backend", "libdeflate", "--dictionary", "big.dict"], 64, "no preset-dictionary API"),
      (["compress", "--backend", "brotli", "--dictionary", "big.dict"], 64, "1.1.0"),
      (["serve", "--dictionary", "missing.dict"], 66, "does not exist"),
      (
        ["run", "--allow-debug", "--corpus", Self.measuredCorpus, "--dictionary", "empty.dict", "--out", "r"], 65,
        "empty"
      ),
    ]
    for (arguments, status, message) in cases {
      let result = try deflateBench(
        arguments + ["--output", "out.bin"].filter { _ in arguments[0] == "compress" },
        in: scratch.url, stdin: [1, 2, 3])
      #expect(result.status == status, "\(arguments): \(result.stderrText)")
      #expect(result.stderrText.contains(message), "\(arguments): \(result.stderrText)")
    }
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out.bin")))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("r")))
  }

  @Test func runMeasuresDictionaryCellsBesideTheOthersAndSaysNA() throws {
    let scratch = try ScratchDirectory("dict-run")
    #expect(try trainedDictionary(in: scratch).status == 0)
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--quiet", "--corpus", Self.measuredCorpus, "--backends",
        "zlib,libdeflate,isal,zstd,brotli", "--levels", "default", "--dictionary", "events.dict", "--out", "out",
      ], in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    let document = try #require(try scratch.jsonObject("out/results.json"))
    let cells = try #require(document["cells"] as? [[String: Any]])
    let withDictionary = cells.filter { $0["dictionary"] != nil }
    #expect(
      Set(withDictionary.map { "\($0["backend"]!) \($0["container"]!)" }) == ["zlib zlib", "isal zlib", "zstd dcz"])
    for cell in withDictionary {
      #expect(cell["verified"] as? Bool == true)
      let record = try #require(cell["dictionary"] as? [String: Any])
      #expect(record["name"] as? String == "events.dict")
      #expect((record["sha256"] as? String)?.count == 64)
      // A dictionary trained on other events beats the same backend and level without one.
      let plain = try #require(
        cells.first { $0["dictionary"] == nil && $0["backend"] as? String == cell["backend"] as? String })
      #expect((cell["output_bytes"] as! Int) < (plain["output_bytes"] as! Int))
    }
    let warnings = try #require(document["warnings"] as? [String])
    #expect(warnings.contains { $0.contains("libdeflate") && $0.contains("n/a") })
    #expect(warnings.contains { $0.contains("brotli") && $0.contains("1.1.0") })
    let csv = try String(contentsOf: scratch.url.appendingPathComponent("out/results.csv"), encoding: .utf8)
    #expect(csv.split(separator: "\r\n").first?.contains("dictionary,dictionary_bytes,dictionary_sha256") == true)
    #expect(csv.contains(",events.dict,"))
  }

  @Test func configurationTrainsOnASeparateSampleAndNamesIt() throws {
    let scratch = try ScratchDirectory("dict-config")
    let lines = (0..<40).map { #"{"type":"PushEvent","actor":{"login":"user\#($0)"},"repo":{"id":\#($0 * 7)}}"# }
    _ = try scratch.write("events.ndjson", text: lines.joined(separator: "\n") + "\n")
    _ = try scratch.write(
      "corpora.json",
      text:
        #"{"corpora": [{"name": "gen", "kind": "json-events", "profile": "segment", "count": 300, "split": "events=1","#
        + #" "dictionary": {"size": 2048, "seed": 9}}, {"name": "file", "kind": "file", "path": "events.ndjson","#
        + #" "split": "lines=1", "dictionary": {"size": 512, "share": 0.5}}]}"#)
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--quiet", "--config", "corpora.json", "--backends", "zstd", "--levels",
        "default", "--out", "out",
      ], in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    let document = try #require(try scratch.jsonObject("out/results.json"))
    let cells = try #require(document["cells"] as? [[String: Any]])
    let origins = cells.compactMap { ($0["dictionary"] as? [String: Any])?["origin"] as? String }
    #expect(origins.contains { $0.contains("seed 9") && $0.contains("measured on seed 1") })
    #expect(origins.contains { $0.contains("first 20 of 40 payloads") })
    // The held-out half is not measured: every cell of the file corpus has the other 20 payloads.
    #expect(cells.filter { $0["corpus"] as? String == "file" }.allSatisfy { $0["payloads"] as? Int == 20 })
  }

  @Test func trainSearchesByDefaultAndFastMakesOnePassBothReproducible() throws {
    let scratch = try ScratchDirectory("dict-modes")
    func train(_ extra: [String], out: String) throws -> (ProcessOutput, [UInt8]) {
      let result = try deflateBench(
        ["dict", "train", "--corpus", Self.trainingCorpus, "--size", "4K", "--out", out] + extra, in: scratch.url)
      #expect(result.status == 0, "\(extra): \(result.stderrText)")
      return (result, try [UInt8](Data(contentsOf: scratch.url.appendingPathComponent(out))))
    }
    let (searched, searchedBytes) = try train(["--budget", "600"], out: "searched.dict")
    #expect(searched.stdoutText.contains("shuffled with seed 1"))
    #expect(searched.stdoutText.contains("chosen: "))
    #expect(searched.stdoutText.contains("zstd --train's own procedure"))
    #expect(searched.stdoutText.contains("of a 600 s budget"))
    #expect(
      searched.stdoutText.contains("scored 33 of 33 trainers"), "a 600 s budget leaves room for every trainer")
    #expect(searched.stdoutText.contains("in 8 sample orders"), "\(searched.stdoutText)")
    let (fast, fastBytes) = try train(["--fast"], out: "fast.dict")
    #expect(fast.stdoutText.contains("(--fast: one pass)"))
    #expect(!fast.stdoutText.contains("chosen: ") && !fast.stdoutText.contains("sample orders"))
    #expect(try train(["--fast"], out: "fast-again.dict").1 == fastBytes)
    #expect(try train(["--fast", "--seed", "2"], out: "fast-seed2.dict").1 != fastBytes)
    #expect(try train(["--budget", "600"], out: "searched-again.dict").1 == searchedBytes)
    for (extra, message) in [(["--seed", "x"], "--seed expects"), (["--budget", "0"], "--budget expects")] {
      let refused = try deflateBench(
        ["dict", "train", "--corpus", Self.trainingCorpus, "--out", "bad.dict"] + extra, in: scratch.url)
      #expect(refused.status == 64 && refused.stderrText.contains(message), "\(extra): \(refused.stderrText)")
    }
    #expect(!FileManager.default.fileExists(atPath: scratch.path("bad.dict")))
  }

  @Test func helpDocumentsTheDictionaryOptions() throws {
    let scratch = try ScratchDirectory("dict-help")
    let expectations: [(String, [String])] = [
      (
        "dict",
        [
          "dict train", "--corpus", "--size", "--out", "ZDICT_trainFromBuffer", "last 32 KiB", "--seed", "--budget",
          "--fast", "shuffled first", "cross-validation", "held-out", "8 orders", "7 more drawn from --seed",
          "docs/dictionary-training.md",
        ]
      ),
      ("compress", ["--dictionary", "dcz"]), ("decompress", ["--dictionary"]),
      ("serve", ["--dictionary", "Adler-32", "400"]), ("run", ["--dictionary", "n/a"]),
    ]
    for (command, fragments) in expectations {
      let help = try deflateBench([command, "--help"], in: scratch.url)
      #expect(help.status == 0)
      for fragment in fragments { #expect(help.stdoutText.contains(fragment), "\(command) --help lacks \(fragment)") }
    }
  }

  static let githubEvents = URL(fileURLWithPath: "/work/shared/corpora/github_events.json")

  /// The shared corpora's real GitHub events, one per line, when that file is on this machine.
  /// Opt-in by presence: the shared corpora are not part of the repository (docs/testing.md).
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: githubEvents.path),
      "opt-in: needs the shared corpora's /work/shared/corpora/github_events.json"),
    .enabled(if: Judge.zstd.isAvailable, Comment(rawValue: Judge.zstd.missing)))
  func trainsOnRealGitHubEventsWhenPresent() throws {
    let data = try Data(contentsOf: Self.githubEvents)
    let events = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
    let lines = try events.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
    let scratch = try ScratchDirectory("dict-github")
    _ = try scratch.write("github.ndjson", text: lines.joined(separator: "\n") + "\n")
    _ = try scratch.write(
      "github.json",
      text: #"{"corpora": [{"name": "github", "kind": "file", "path": "github.ndjson", "split": "lines=1"}]}"#)
    let result = try deflateBench(
      ["dict", "train", "--config", "github.json", "--size", "4K", "--out", "github.dict"], in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stdoutText.contains("samples: \(events.count) payloads"))
    let event = Array(lines[0].utf8)
    let body = try deflateBench(
      ["compress", "--backend", "zstd", "--dictionary", "github.dict"], in: scratch.url, stdin: event)
    let judged = try ProcessRunner.run(
      "zstd", arguments: ["-d", "-q", "-c", "-D", scratch.path("github.dict")], stdin: body.stdout)
    #expect(judged.succeeded && judged.stdout == event, "\(judged.stderrText)")
    #expect(body.stdout.count < event.count / 2, "the dictionary must help on an event it was trained with")
  }

  @Test func backendsListWhichTakeADictionaryAndWhyNot() throws {
    let scratch = try ScratchDirectory("dict-backends")
    let result = try deflateBench(["backends", "--json"], in: scratch.url)
    let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
    let containers = Dictionary(
      uniqueKeysWithValues: list.map { ($0["name"] as! String, $0["dictionary_containers"] as? [String] ?? ["?"]) })
    #expect(
      containers == [
        "zlib": ["zlib", "raw"], "isal": ["zlib", "raw"], "zstd": ["dcz", "zstd"], "libdeflate": [], "zopfli": [],
        "brotli": [], "zlib-ng": ["zlib", "raw"],
      ])
    let brotli = try #require(list.first { $0["name"] as? String == "brotli" })
    #expect((brotli["dictionary_unsupported"] as? String)?.contains("1.1.0") == true)
  }
}
