import Foundation
import TestSupport
import Testing

/// Issue #25, L13: `run --upload URL` against a server that answers 200 with JSON that is not
/// the echo server's says which field is missing, not "the server received ? bytes".
@Suite("run --upload against a server that is not deflate-bench serve")
struct ForeignServerUploadTests {
  @Test(
    "a 200 without received_bytes fails the cell naming the field and what the server must answer",
    .enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func foreignAnswerIsNamed() throws {
    let server = try PythonJudgeServer(mode: "foreign")
    let scratch = try ScratchDirectory("foreign-upload")
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--corpus", "json-events:mixpanel:count=6,events=1", "--backends", "zlib",
        "--levels", "1", "--upload", server.url.absoluteString, "--out", "out",
      ], in: scratch.url, timeoutSeconds: 300)
    #expect(result.status == 1, "\(result.stderrText)")
    let text =
      result.stderrText + ((try? String(contentsOfFile: scratch.path("out/results.json"), encoding: .utf8)) ?? "")
    #expect(text.contains("the server answered 200 without received_bytes"), "\(result.stderrText)")
    #expect(!text.contains("received ? bytes"))
  }
}
