import DeflateBenchLinkCheck
import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchSupport
import DeflateBenchUpload
import Foundation

/// `deflate-bench linkcheck`: the upload model against the kernel's own TCP. The work is in
/// DeflateBenchLinkCheck; this file reads the options and reports.
enum LinkCheckCommand: Command {
  static let spec = CommandSpec(
    name: "linkcheck",
    abstract: "Checks the upload model against real uploads through the kernel's TCP over an emulated link.",
    discussion: """
      Needs root. Makes two network namespaces (client and server, named dblc-PID-c and \
      dblc-PID-s), each with a TUN device of MTU 1500 (198.18.0.1 and 198.18.0.2, the \
      benchmarking range), and forwards IP packets between them in a userspace delay line at \
      real-time priority (SCHED_FIFO): RTT/2 of delay each way, the client-to-server direction \
      serialised at the link's rate (whole IP packets: the rate is the wire rate) through a FIFO \
      of one bandwidth-delay product plus 64 packets with tail drop. This kernel has no netem, so \
      the delay line is always used. It starts deflate-bench serve in the server namespace and \
      uploads bodies over HTTP/1.1 from the client namespace, with the sender's congestion \
      control set per socket (TCP_CONGESTION): warm cases on a kept-alive connection, one \
      upload to open it and then each timed upload the --idle gap after the previous response \
      (one case per gap), cold cases on a new connection each, timed from connect to the full \
      response.

      Per link it first checks the link itself (ping RTT, a bulk upload's rate) and records the \
      delay line's lateness percentiles. It writes DIR/linkcheck.json and DIR/linkcheck.md: per \
      case link, body_bytes, cc, connection, idle_seconds, measured_ms (the median as measured), \
      overhead_ms (the harness's own cost per request, measured first), modelled_ms, error_pct \
      (against measured_ms - overhead_ms), error_raw_pct (against measured_ms), lost_packets, \
      the model's starting window and, for warm cases, the kernel's TCP_INFO before each upload; \
      the summary (median, 90th percentile and worst over every case, those that lost packets \
      included), the same per link, sender and gap, and the cases that lost packets by name. \
      The model is the HTTP/1.1 form of the upload model with one handshake round trip (TCP, no \
      TLS) and the case's idle gap. Everything it made (namespaces, devices, the server) is \
      removed when it ends, also on Ctrl-C, which stops it after the upload under way (the \
      files then say complete: false); namespaces left by a killed check are removed by the \
      next one. docs/model.md shows a full grid.

      Example: sudo deflate-bench linkcheck --links lte --bodies 1000,30000,300000 --cc cubic --out lc
      """,
    options: [
      .value(
        "links", "list",
        help:
          "Comma-separated links: presets (\(RegistryText.linkPresets.joined(separator: ", "))) or name=RATE@RTT. Default: lte,3g,wifi."
      ),
      .value(
        "bodies", "list",
        help: "Comma-separated body sizes in bytes. Default: 1000,10000,30000,100000,300000,1000000."),
      .value("cc", "list", help: "Comma-separated sender congestion controls: cubic, bbr, reno. Default: cubic,bbr."),
      .value("connection", "list", help: "warm, cold or warm,cold. Default: warm,cold."),
      .value(
        "idle", "list",
        help:
          "Comma-separated idle gaps in seconds: each warm case runs once per gap, every request sent that long after the previous response, as an SDK flushing on a timer sends (the model takes the same gap). Default: 1,5,15,30."
      ),
      .value("repetitions", "n", help: "Uploads per case; the median is compared. Default: 3."),
      .value("out", "dir", help: "The folder for linkcheck.json and linkcheck.md (created if missing). Required."),
      .flag("force", help: "Replace the linkcheck.json and linkcheck.md of an earlier check in --out."),
    ],
    exitCodes: """
        0    measured; the files are written
        1    a namespace, device, server or upload failed (nothing is written)
        64   usage error: unknown option, bad value, no --out
        69   ip (iproute2), /dev/net/tun or a congestion control is missing
        73   the --out folder or its files cannot be written, or it holds an earlier check's files (without --force)
        77   not running as root
        130  interrupted: what was measured is written, marked complete: false
      """)

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
    let plan = try plan(from: arguments)
    guard let out = arguments.string("out") else { throw .usage("linkcheck needs --out DIR") }
    try LinkCheckOutFolder.validate(out, force: arguments.flag("force"))
    guard geteuid() == 0 else {
      throw CLIError(
        .noPermission, "linkcheck needs root: it makes network namespaces and TUN devices (run it with sudo)")
    }
    guard FileManager.default.isExecutableFile(atPath: NetworkNamespaces.ipPath) else {
      throw CLIError(.unavailable, "linkcheck needs ip from iproute2 (scripts/setup.sh installs it)")
    }
    guard access("/dev/net/tun", R_OK | W_OK) == 0 else {
      throw CLIError(.unavailable, "linkcheck needs /dev/net/tun (the tun module)")
    }
    let available =
      (try? String(contentsOfFile: "/proc/sys/net/ipv4/tcp_available_congestion_control", encoding: .utf8))?
      .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? []
    for cc in plan.congestionControls where !available.contains(cc) {
      throw CLIError(
        .unavailable,
        "linkcheck: congestion control \(cc) is not available (have: \(available.joined(separator: ", ")); modprobe tcp_\(cc))"
      )
    }
    try LinkCheckOutFolder.create(out)
    let folder = URL(fileURLWithPath: out)
    let monitor = InterruptMonitor { _ in console.error("linkcheck: stopping after the current upload\n") }
    defer { monitor.stop() }
    let runner = LinkCheckRunner(plan: plan, cancellation: monitor.cancellation) { console.error($0) }
    let record: LinkCheckRecord
    do throws(LinkCheckRunner.Failure) {
      record = try runner.run(command: (["deflate-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " "))
    } catch {
      throw .failure("linkcheck: \(error.description)")
    }
    do throws(AtomicFile.WriteError) {
      try LinkCheckReport.write(record, to: folder)
    } catch {
      throw CLIError(.cannotCreate, "cannot write \(out)/linkcheck.json: \(error.message)")
    }
    console.out(LinkCheckReport.markdown(record))
    return monitor.wasInterrupted ? .interrupted : .success
  }

  static func plan(from arguments: ParsedArguments) throws(CLIError) -> LinkCheckPlan {
    var links: [LinkPreset] = []
    for text in list(arguments.string("links") ?? "lte,3g,wifi") {
      do throws(LinkRate.ParseError) { links.append(try LinkPreset.parse(text)) } catch {
        throw .usage("--links: \(error)")
      }
    }
    var bodies: [Int] = []
    for text in list(arguments.string("bodies") ?? "1000,10000,30000,100000,300000,1000000") {
      guard let bytes = Int(text), bytes > 0, bytes <= 100_000_000 else {
        throw .usage("--bodies: '\(text)' is not a body size between 1 and 100000000 bytes")
      }
      bodies.append(bytes)
    }
    let ccs = list(arguments.string("cc") ?? "cubic,bbr")
    for cc in ccs where !LinkCheckPlan.congestionControls.contains(cc) {
      throw .usage("--cc: '\(cc)' is not one of \(LinkCheckPlan.congestionControls.joined(separator: ", "))")
    }
    let connections = list(arguments.string("connection") ?? "warm,cold")
    for connection in connections where !LinkCheckPlan.connections.contains(connection) {
      throw .usage("--connection: '\(connection)' is not warm or cold")
    }
    var idleGaps: [Double] = []
    for text in list(arguments.string("idle") ?? "") {
      guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
        throw .usage("--idle: '\(text)' is not a gap between 0 and 3600 seconds")
      }
      idleGaps.append(seconds)
    }
    let repetitions = try arguments.int("repetitions") ?? 3
    guard (1...1000).contains(repetitions) else {
      throw .usage("--repetitions must be between 1 and 1000, got \(repetitions)")
    }
    guard !links.isEmpty, !bodies.isEmpty, !ccs.isEmpty, !connections.isEmpty else {
      throw .usage("--links, --bodies, --cc and --connection need at least one value each")
    }
    return LinkCheckPlan(
      links: links, bodies: bodies, congestionControls: ccs, connections: connections,
      idleGaps: idleGaps.isEmpty ? LinkCheckPlan.defaultIdleGaps : idleGaps, repetitions: repetitions,
      executable: LocalServer.currentExecutable)
  }

  static func list(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
