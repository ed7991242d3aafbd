import Foundation
import TestSupport
import Testing

/// Every command's errors have one form, `deflate-bench <command>: error: <message>`: the tool
/// adds the command's name, so the message itself never repeats it.
@Suite("Error messages name the command once")
struct ErrorMessageFormTests {
  static let failures: [([String], String)] = [
    (["run", "--allow-debug", "--levels", "fast"], "--levels expects"),
    (["run", "--allow-debug", "--bogus"], "unknown option '--bogus'"),
    (["compress", "--backend", "zlib", "--input", "nowhere.bin"], "input file 'nowhere.bin' does not exist"),
    (["decompress", "--backend", "zlib", "--level", "6"], "unknown option '--level'"),
    (["corpora", "--seed", "-1"], "--seed must be zero or positive"),
    (["calibrate", "--rounds", "0"], "--rounds expects 1 to 1000"),
    (["compare", "--metric", "speed", "a", "b"], "--metric expects"),
    (["merge", "a"], "--out is required"),
    (["baseline", "remove"], "unknown action 'remove'"),
    (["dict", "sort"], "the action must be 'train'"),
    (["dict", "train", "--corpus", "json-events:mixpanel:count=5,events=5"], "--out is required"),
    (["serve", "--port", "70000"], "--port must be between 0 and 65535"),
    (["backends", "--json", "--bogus"], "unknown option '--bogus'"),
  ]

  @Test("the message follows 'deflate-bench <command>: error: ' and does not repeat the name", arguments: failures)
  func commandNamedOnce(arguments: [String], message: String) throws {
    let scratch = try ScratchDirectory("error-form")
    let result = try deflateBench(arguments, in: scratch.url)
    let command = arguments[0]
    #expect(result.status != 0)
    #expect(result.stderrText.hasPrefix("deflate-bench \(command): error: \(message)"), "\(result.stderrText)")
    #expect(!result.stderrText.contains("error: \(command)"), "\(result.stderrText)")
  }
}
