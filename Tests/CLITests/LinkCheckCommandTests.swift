import Foundation
import TestSupport
import Testing

@testable import DeflateBenchCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `deflate-bench linkcheck`: its manual, its option errors, the root check, and (as root, with
/// namespaces and TUN) a small kernel check whose errors must stay inside the model's goal and
/// Ctrl-C in the middle of a check. Serialized: two checks side by side would time each other's
/// delay lines (both at real-time priority on the same cores).
@Suite("linkcheck command", .serialized)
struct LinkCheckCommandTests {
  /// Why the kernel check cannot run here, or nil when it can.
  static let kernelCheckUnavailable: String? = {
    if geteuid() != 0 { return "linkcheck needs root" }
    if access("/dev/net/tun", R_OK | W_OK) != 0 { return "no /dev/net/tun" }
    if !ProcessRunner.isAvailable("ip") && !FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") {
      return "no ip (iproute2)"
    }
    // Namespaces may be refused inside some containers: try one.
    let probe = "dblc-probe-\(getpid())"
    guard (try? ProcessRunner.run("/usr/sbin/ip", arguments: ["netns", "add", probe]))?.succeeded == true else {
      return "cannot create a network namespace here"
    }
    _ = try? ProcessRunner.run("/usr/sbin/ip", arguments: ["netns", "delete", probe])
    return nil
  }()

  @Test("the help screen documents every option in full sentences and the exit codes")
  func helpScreen() {
    let help = HelpFormatter.render(LinkCheckCommand.spec)
    #expect(help.hasPrefix("OVERVIEW: Checks the upload model against real uploads through the kernel's TCP"))
    for option in LinkCheckCommand.spec.options {
      #expect(option.help.hasSuffix("."), "--\(option.name)")
      #expect(help.contains("--\(option.name)"))
    }
    #expect(help.contains("77   not running as root"))
    #expect(help.contains("198.18.0.1"))
  }

  @Test(
    "bad values are usage errors naming the option",
    arguments: [
      (["--cc", "vegas", "--out", "x"], "--cc"), (["--bodies", "ten", "--out", "x"], "--bodies"),
      (["--connection", "lukewarm", "--out", "x"], "--connection"), (["--links", "moon", "--out", "x"], "--links"),
      (["--repetitions", "0", "--out", "x"], "--repetitions"), (["--bodies", "1000"], "--out"),
      (["--idle", "0", "--out", "x"], "--idle"), (["--idle", "5s", "--out", "x"], "--idle"),
    ])
  func usageErrors(arguments: [String], option: String) throws {
    let output = try deflateBench(["linkcheck"] + arguments)
    #expect(output.status == 64, "\(output)")
    #expect(output.stderrText.contains(option), "\(output.stderrText)")
  }

  @Test(
    "without root it says so and exits 77",
    .enabled(if: Condition.unprivileged != nil, Comment(rawValue: Condition.unprivilegedMissing)))
  func needsRoot() throws {
    // As root (CI), the executable runs as nobody through setpriv: the check is real either way.
    let prefix = try #require(Condition.unprivileged)
    let executable = try DeflateBenchExecutable.url.path
    let command = prefix + [executable, "linkcheck", "--links", "lte", "--out", "/tmp/linkcheck-never-written"]
    let output = try ProcessRunner.run(command[0], arguments: Array(command.dropFirst()))
    #expect(output.status == 77, "\(output.stderrText)")
    #expect(output.stderrText.contains("needs root"))
    #expect(!FileManager.default.fileExists(atPath: "/tmp/linkcheck-never-written"))
  }

  @Test(
    "a small kernel check (lte; 1 kB, 30 kB, 300 kB; cubic; warm after 1 s of idle and cold) is within the model's goal",
    .enabled(if: kernelCheckUnavailable == nil, "\(kernelCheckUnavailable ?? "")"))
  func kernelCheck() throws {
    let scratch = try ScratchDirectory("linkcheck")
    // The model is judged only on a link that was what it claims: the emulated link's ping must
    // be the preset's RTT within 2 ms. When the tests beside this one disturbed the delay line
    // itself (CI, 2026-12-02: ping 62.1 ms, p90 error 2.6 %), that run measured the machine, not
    // the model, and the check runs once more; a wrong model still fails on a good link.
    var attempt = 0
    var output: ProcessOutput
    var record: [String: Any]
    var ping: Double
    repeat {
      attempt += 1
      try? FileManager.default.removeItem(atPath: scratch.path("out"))
      output = try deflateBench(
        [
          "linkcheck", "--links", "lte", "--bodies", "1000,30000,300000", "--cc", "cubic", "--connection",
          "warm,cold", "--idle", "1", "--repetitions", "5", "--out", scratch.path("out"),
        ], timeoutSeconds: 200)
      // Five repetitions, not three: the suite runs other tests beside this one on the same cores,
      // and a median of three let two contended requests move the 1 kB warm case by 2 % (CI,
      // 2026-12-02: measured 64.7 ms, min 63.5, against a modelled 61.9 plus 1.48 of overhead).
      #expect(output.status == 0, "\(output)")
      record = try #require(try scratch.jsonObject("out/linkcheck.json"))
      let links = try #require(record["links"] as? [[String: Any]])
      ping = try #require(links.first?["ping_avg_ms"] as? Double)
    } while abs(ping - 60.13) >= 2 && attempt < 2
    #expect(abs(ping - 60.13) < 2, "ping \(ping) ms in both attempts")
    let cases = try #require(record["cases"] as? [[String: Any]])
    #expect(cases.count == 6)
    #expect(record["complete"] as? Bool == true)
    let summary = try #require(record["summary"] as? [String: Any])
    let median = try #require(summary["median_abs_error_pct"] as? Double)
    let p90 = try #require(summary["p90_abs_error_pct"] as? Double)
    #expect(median <= 1, "median |error| \(median) %: \(output.stdoutText)")
    #expect(p90 <= 2, "p90 |error| \(p90) %: \(output.stdoutText)")
    #expect(FileManager.default.fileExists(atPath: scratch.path("out/linkcheck.md")))
    // Everything it made is gone: no namespace of a check whose process has ended is left (a
    // check of another worktree on the same machine may still be running with its own).
    let namespaces = try ProcessRunner.run("/usr/sbin/ip", arguments: ["netns", "list"]).stdoutText
    #expect(Self.orphanedNamespaces(namespaces).isEmpty, "\(namespaces)")
  }

  /// `dblc-PID-…` namespaces in `ip netns list`'s output whose PID is no longer running.
  static func orphanedNamespaces(_ listing: String) -> [String] {
    listing.split(separator: "\n").compactMap { line in
      let name = String(line.split(separator: " ").first ?? "")
      guard name.hasPrefix("dblc-"), let pid = Int32(name.dropFirst(5).prefix { $0.isNumber }) else { return nil }
      return kill(pid, 0) != 0 && errno == ESRCH ? name : nil
    }
  }
}
