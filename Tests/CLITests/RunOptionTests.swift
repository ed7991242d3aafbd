import Foundation
import TestSupport
import Testing

/// `deflate-bench run` refusing what it cannot do, as the built executable: the right exit
/// status, a message naming the option or file at fault, and no results folder left behind.
@Suite("run: usage and input errors")
struct RunOptionTests {
  static let badOptions: [([String], String)] = [
    (["--levels", "fast"], "--levels"),
    (["--threads", "0"], "--threads"),
    (["--threads", "two"], "--threads"),
    (["--container", "zstd"], "--container"),
    (["--shard", "3/2"], "--shard"),
    (["--min-time", "-1"], "--min-time"),
    (["--batches", "0"], "--batches"),
    (["--repetitions", "0"], "--repetitions"),
    (["--warmup", "x"], "--warmup"),
    (["--seed", "-5"], "--seed"),
    (["--backends", "zlib,gzip2"], "--backends"),
    (["--repetition", "3"], "--repetition"),
    (["--link", "carrier-pigeon"], "--link"),
    (["--link", "lte", "--upload", "http://127.0.0.1:9/upload"], "--link"),
    (["--device", "watch"], "--device"),
    (["--connection", "lukewarm"], "--connection"),
    (["--levels", "42", "--backends", "isal"], "nothing to measure"),
    (["--streaming", "lots"], "--streaming"),
    (["--streaming", "0KiB"], "--streaming"),
    (["--upload-timeout", "0", "--upload", "local"], "--upload-timeout"),
    (["--upload-timeout", "5"], "--upload-timeout"),
    (["--compressor", "pooled"], "--compressor"),
    (["--min-saving", "1"], "--min-saving"),
    (["--min-saving", "1,200"], "--min-saving"),
    (["--min-saving", "1ms,2ms"], "such as 1ms,2%"),
    (["--min-saving", "1kJ,2%"], "such as 1ms,2%"),
    (["--min-saving", "5mJ,2%"], "--min-saving in mJ needs --objective energy"),
    (["--objective", "energy", "--min-saving", "1ms,2%"], "--min-saving with --objective energy needs millijoules"),
    (["--objective", "energy", "--min-saving", "1,2"], "--min-saving with --objective energy needs millijoules"),
    (["--objective", "battery"], "--objective expects time or energy"),
    (["--time-tolerance", "5"], "--time-tolerance"),
    (["--accept", "gzip,lzma"], "--accept"),
  ]

  @Test("a bad option exits 64 and names the option", arguments: badOptions)
  func badOptionIsAUsageError(arguments: [String], named: String) throws {
    let scratch = try ScratchDirectory("run-usage")
    let result = try deflateBench(
      ["run", "--allow-debug", "--corpus", "json-events:mixpanel:count=5,events=5"] + arguments, in: scratch.url)
    #expect(result.status == 64, "\(result.stderrText)")
    #expect(result.stderrText.contains(named), "\(result.stderrText)")
    #expect(result.stderrText.hasPrefix("deflate-bench run: error:"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Results")))
  }

  @Test("a missing --config file exits 66, names the file and leaves no results folder")
  func missingConfigIsMissingInput() throws {
    let scratch = try ScratchDirectory("run-missing")
    let result = try deflateBench(["run", "--allow-debug", "--config", "nowhere/suite.json"], in: scratch.url)
    #expect(result.status == 66, "\(result.stderrText)")
    #expect(result.stderrText.contains("nowhere/suite.json"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Results")))
  }

  @Test("without --config or --corpus the default Corpora/default.json is looked up in the current folder")
  func defaultConfigIsRelativeToTheCurrentFolder() throws {
    let scratch = try ScratchDirectory("run-default")
    let result = try deflateBench(["run", "--allow-debug"], in: scratch.url)
    #expect(result.status == 66, "\(result.stderrText)")
    #expect(result.stderrText.contains("Corpora/default.json"))
  }

  @Test("a bad corpus spec is a usage error")
  func badCorpusSpec() throws {
    let scratch = try ScratchDirectory("run-spec")
    let result = try deflateBench(["run", "--allow-debug", "--corpus", "json-events:nosuchprofile"], in: scratch.url)
    #expect(result.status == 64, "\(result.stderrText)")
    #expect(result.stderrText.contains("nosuchprofile"))
  }

  #if DEBUG
    @Test("a debug build refuses to run without --allow-debug and says how to build for release")
    func debugBuildRefuses() throws {
      let scratch = try ScratchDirectory("run-debug")
      let result = try deflateBench(["run", "--corpus", "json-events:mixpanel:count=5,events=5"], in: scratch.url)
      #expect(result.status == 64)
      #expect(result.stderrText.contains("debug build"))
      #expect(result.stderrText.contains("swift build -c release"))
      #expect(result.stderrText.contains("--allow-debug"))
      #expect(!FileManager.default.fileExists(atPath: scratch.path("Results")))
    }
  #endif

  @Test("the help screen documents every option and the exit codes")
  func helpListsEverything() throws {
    let scratch = try ScratchDirectory("run-help")
    let result = try deflateBench(["run", "--help"], in: scratch.url)
    #expect(result.status == 0)
    for option in [
      "--config", "--corpus", "--backends", "--levels", "--container", "--threads", "--seed", "--min-time",
      "--batches", "--repetitions", "--warmup", "--quick", "--out", "--shard", "--allow-debug", "--quiet", "--plots",
      "--upload", "--upload-timeout", "--streaming", "--compressor", "--objective", "--min-saving", "--accept",
    ] {
      #expect(result.stdoutText.contains(option), "help lacks \(option)")
    }
    for status in ["64", "66", "130"] { #expect(result.stdoutText.contains(status)) }
  }
}
