import TestSupport
import Testing

@Suite("ProcessRunner")
struct ProcessRunnerTests {
  @Test func findsProgramsOnPath() {
    #expect(ProcessRunner.findExecutable(named: "sh") != nil)
    #expect(ProcessRunner.findExecutable(named: "no-such-program-deflatebench") == nil)
    #expect(ProcessRunner.findExecutable(named: "sh", searchPath: "/nonexistent") == nil)
    #expect(ProcessRunner.findExecutable(named: "/bin/sh") == "/bin/sh")
  }

  @Test func capturesStatusOutputAndFeedsInput() throws {
    let input = TestInputs.random(count: 300_000, seed: 91)
    let result = try ProcessRunner.run("sh", arguments: ["-c", "cat; echo oops >&2; exit 3"], stdin: input)
    #expect(result.status == 3 && !result.succeeded)
    #expect(result.stdout == input)
    #expect(result.stderrText == "oops\n")
  }

  @Test func aChildThatIgnoresItsInputIsFine() throws {
    let result = try ProcessRunner.run("true", stdin: TestInputs.random(count: 1 << 20, seed: 92))
    #expect(result.succeeded && result.stdout.isEmpty)
  }

  @Test func missingProgramsAndTimeoutsAreErrors() {
    #expect(throws: ProcessRunnerError.self) { try ProcessRunner.run("no-such-program-deflatebench") }
    #expect(throws: ProcessRunnerError.self) {
      try ProcessRunner.run("sleep", arguments: ["5"], timeoutSeconds: 0.2)
    }
  }
}
