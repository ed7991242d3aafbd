import Foundation
import TestSupport
import Testing

/// `run` and what it leaves when it is stopped from outside: its upload server never outlives
/// it (not even a SIGKILL), and Ctrl-C during a library call that runs for many seconds ends the
/// run within about a second, dropping that cell and keeping the rest.
@Suite("run: children and signals", .serialized)
struct RunSignalTests {
  @Test("run --upload local: SIGKILL of run stops its server; the port closes and the child is gone")
  func serverEndsWithAKilledRun() throws {
    let scratch = try ScratchDirectory("run-sigkill-server")
    let run = try BackgroundDeflateBench(
      [
        "run", "--allow-debug", "--corpus", RunExecutionTests.tinyCorpus, "--backends", "zlib", "--levels", "1-9",
        "--repetitions", "1000", "--min-time", "0.005", "--upload", "local", "--out", "out",
      ], in: scratch)
    var server: (pid: Int32, port: Int)?
    let listening = run.wait(seconds: 60) {
      server =
        ProcessTable.children(of: run.pid).lazy.filter { ProcessTable.commandLine($0).contains("serve") }
        .compactMap { pid in ProcessTable.listeningPorts(of: pid).first.map { (pid, $0) } }.first
      return server != nil
    }
    guard listening, let server else {
      kill(run.pid, SIGKILL)
      _ = run.waitForExit(seconds: 10)
      Issue.record("no listening serve child of run appeared within 60 s: \(run.stderrText)")
      return
    }
    #expect(LoopbackTCP.accepts(port: server.port), "the server should accept while run lives")
    kill(run.pid, SIGKILL)
    #expect(run.waitForExit(seconds: 10))
    let gone = poll(seconds: 10) { !ProcessTable.isAlive(server.pid) && !LoopbackTCP.accepts(port: server.port) }
    if !gone { kill(server.pid, SIGKILL) }
    #expect(gone, "serve (pid \(server.pid), port \(server.port)) outlived the killed run")
  }

  /// A run whose second cell, zopfli 3 on one 1.4 MB payload, spends about 50 s in each library
  /// call: the zopfli level 3 cell (15 iterations) took 114 s on it uninterrupted on this machine
  /// (two calls and the verification), zlib 3 milliseconds. The seed puts zlib first, so one cell
  /// is measured before. Returned once the zopfli cell has started; throws (after killing the
  /// run) when it never did.
  static func startLongZopfliRun(in scratch: ScratchDirectory) throws -> BackgroundDeflateBench {
    let run = try BackgroundDeflateBench(
      [
        "run", "--allow-debug", "--corpus", "json-events:mixpanel:count=2000,events=2000", "--backends", "zlib,zopfli",
        "--levels", "3", "--repetitions", "1", "--min-time", "0.001", "--seed", "1", "--out", "out",
      ], in: scratch)
    guard run.wait(seconds: 60, until: { run.stderrText.contains("zopfli 3") }) else {
      kill(run.pid, SIGKILL)
      _ = run.waitForExit(seconds: 10)
      throw ZopfliRunError(message: "the zopfli cell never started: \(run.stderrText)")
    }
    return run
  }

  struct ZopfliRunError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }

  @Test("a second Ctrl-C during the first one's grace second ends the run at once: 130, no temporary file left")
  func secondInterruptExitsAtOnce() throws {
    let scratch = try ScratchDirectory("run-signal-twice")
    let run = try Self.startLongZopfliRun(in: scratch)
    usleep(500_000)
    kill(run.pid, SIGINT)
    // Inside the one second the first Ctrl-C waits for zopfli's call before writing the reports.
    usleep(200_000)
    kill(run.pid, SIGINT)
    #expect(run.waitForExit(seconds: 30), "run did not stop after two SIGINTs")
    #expect(run.process.terminationReason == .exit)
    #expect(run.process.terminationStatus == 130)
    // The first Ctrl-C's path (wait 1 s, drop the cell, write the reports) was cut short: it
    // never got to say which cell it dropped.
    #expect(!run.stderrText.contains("dropped the unfinished cell"), "\(run.stderrText)")
    let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path("out"))) ?? []).filter {
      $0.hasPrefix(".")
    }
    #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
  }

  @Test(
    "Ctrl-C (or SIGTERM, or SIGHUP) during a zopfli call of many seconds: exit 130 within seconds, the cell named as dropped",
    arguments: [SIGINT, SIGTERM, SIGHUP])
  func interruptDuringALongLibraryCall(signal: Int32) throws {
    let scratch = try ScratchDirectory("run-signal-\(signal)-zopfli")
    let run = try Self.startLongZopfliRun(in: scratch)
    // Well inside zopfli's first call by now.
    usleep(500_000)
    let sent = Date()
    kill(run.pid, signal)
    let gaveUp = poll(seconds: 30) { run.stderrText.contains("dropped the unfinished cell") }
    let graceSeconds = Date().timeIntervalSince(sent)
    let exited = run.waitForExit(seconds: 30)
    let seconds = Date().timeIntervalSince(sent)
    #expect(gaveUp && exited, "run did not stop within 30 s of signal \(signal)")
    // The documented "about a second" (docs/outputs.md): 1 s of grace for the library call, then
    // the reports. Measured with this test's command on the debug build: the run gave up on the
    // cell after 1.18-1.24 s and exited after 1.18-1.24 s at load 8; beside ten busy loops
    // (load 19) it gave up after 1.24-1.33 s and exited after 2.5-3.2 s, the reports being
    // the part that load stretches. So each part has its own bound, with the margin stated: 2 s
    // to give up (1.5x the loaded worst; a grace of 2 s or more fails) and 5 s to exit (1.6x).
    #expect(graceSeconds < 2, "run gave up on the cell \(graceSeconds) s after signal \(signal), not about 1 s")
    #expect(seconds < 5, "run took \(seconds) s to stop after signal \(signal)")
    #expect(run.process.terminationReason == .exit)
    #expect(run.process.terminationStatus == 130)
    let stderr = run.stderrText
    #expect(stderr.contains("dropped the unfinished cell zopfli 3 gzip mixpanel/events=2000"), "\(stderr)")

    // The folder is whole and says it is incomplete: zlib kept, zopfli not there.
    let json = scratch.url.appendingPathComponent("out/results.json")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    #expect(document["complete"] as? Bool == false)
    let cells = try #require(document["cells"] as? [[String: Any]])
    #expect(cells.map { $0["backend"] as? String } == ["zlib"])
    #expect((cells.first?["compress_samples_mbps"] as? [Double])?.count == 1)
    let report = try String(contentsOf: scratch.url.appendingPathComponent("out/report.md"), encoding: .utf8)
    #expect(report.lowercased().contains("incomplete"))
    for file in ["results.csv", "report.html"] {
      #expect(FileManager.default.fileExists(atPath: scratch.path("out/\(file)")), "\(file) missing")
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).filter {
      $0.hasPrefix(".")
    }
    #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
  }
}

extension RunSignalTests {
  @Test(
    "under nohup a SIGHUP is left ignored: the run goes on to exit 0 with complete results",
    .enabled(if: Judge.nohup.isAvailable, Comment(rawValue: Judge.nohup.missing)))
  func sighupUnderNohupIsIgnored() throws {
    let scratch = try ScratchDirectory("run-nohup")
    let nohup = try #require(Judge.nohup.path)
    let run = try BackgroundDeflateBench(
      [
        "run", "--allow-debug", "--corpus", RunExecutionTests.tinyCorpus, "--backends", "zlib", "--levels", "1-9",
        "--repetitions", "10", "--min-time", "0.005", "--out", "out",
      ], in: scratch, launcher: [nohup])
    // Measuring its second repetition, so the monitor is listening for the signals it was left.
    let started = run.wait(seconds: 60) { run.stderrText.contains("repetition 2/10") }
    #expect(started, "the second repetition did not start within 60 s: \(run.stderrText)")
    kill(run.pid, SIGHUP)
    // Sent while the run was still measuring (it takes seconds; its summary comes last).
    #expect(run.process.isRunning && !run.stderrText.contains("Report:"), "run ended before the SIGHUP")
    #expect(run.waitForExit(seconds: 300), "run did not finish")
    #expect(run.process.terminationReason == .exit)
    #expect(run.process.terminationStatus == 0, "\(run.stderrText)")
    #expect(!run.stderrText.contains("stopping after the current cell"), "\(run.stderrText)")
    let document = try #require(try scratch.jsonObject("out/results.json"))
    #expect(document["complete"] as? Bool == true)
    #expect((document["cells"] as? [Any])?.count == 9)
  }
}

/// Polls `condition` every 20 ms for up to `seconds`; false when it never held.
func poll(seconds: Double, until condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    usleep(20_000)
  }
  return condition()
}

/// Processes and their listening sockets, read from /proc.
enum ProcessTable {
  /// Every child of `pid`, from each of its threads' `children` list.
  static func children(of pid: Int32) -> [Int32] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task -> [Int32] in
      let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
      return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
  }

  static func commandLine(_ pid: Int32) -> String {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return "" }
    return String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
  }

  /// True while the process exists and is not a zombie waiting to be reaped.
  static func isAlive(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
    return state != "Z" && state != "X"
  }

  /// The TCP ports `pid` listens on: its socket descriptors' inodes matched with the LISTEN
  /// rows (state 0A) of its network namespace's tcp tables.
  static func listeningPorts(of pid: Int32) -> [Int] {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    let inodes = Set(
      fds.compactMap { fd -> String? in
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
          target.hasPrefix("socket:[")
        else { return nil }
        return String(target.dropFirst(8).dropLast())
      })
    var ports: [Int] = []
    for table in ["tcp", "tcp6"] {
      let text = (try? String(contentsOfFile: "/proc/\(pid)/net/\(table)", encoding: .utf8)) ?? ""
      for line in text.split(separator: "\n").dropFirst() {
        let columns = line.split(separator: " ")
        guard columns.count > 9, columns[3] == "0A", inodes.contains(String(columns[9])),
          let port = columns[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) })
        else { continue }
        ports.append(port)
      }
    }
    return ports
  }
}
