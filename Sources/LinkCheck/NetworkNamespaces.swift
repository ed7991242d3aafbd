import Foundation

/// The two network namespaces of a link check (`dblc-PID-c` for the client, `dblc-PID-s` for the
/// server), made with `ip netns add` and removed by `remove()`. Names carry this process's id, so
/// a later check removes the namespaces of a check that was killed before it could.
public final class NetworkNamespaces: @unchecked Sendable {
  public static let clientAddress = "198.18.0.1"
  public static let serverAddress = "198.18.0.2"
  public static let clientDevice = "dblc-tun-c"
  public static let serverDevice = "dblc-tun-s"
  static let prefix = "dblc-"

  public let client: String
  public let server: String
  private var removed = false

  /// Why a namespace or device could not be set up.
  public struct SetupError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  public init() throws(SetupError) {
    let pid = getpid()
    client = "\(Self.prefix)\(pid)-c"
    server = "\(Self.prefix)\(pid)-s"
    Self.removeStale()
    for name in [client, server] {
      try Self.ip(["netns", "add", name])
      try Self.ip(["-n", name, "link", "set", "lo", "up"])
    }
  }

  deinit { remove() }

  /// Gives the TUN devices (opened by the delay line) their addresses and brings them up. A
  /// device's address and routes go with it when the delay line closes it.
  public func configureDevices() throws(SetupError) {
    for (namespace, device, address) in [
      (client, Self.clientDevice, Self.clientAddress), (server, Self.serverDevice, Self.serverAddress),
    ] {
      try Self.ip(["-n", namespace, "link", "set", device, "mtu", "1500", "up"])
      try Self.ip(["-n", namespace, "addr", "add", "\(address)/24", "dev", device])
    }
  }

  /// Deletes both namespaces; safe to call more than once.
  public func remove() {
    guard !removed else { return }
    removed = true
    for name in [client, server] { _ = try? Self.ip(["netns", "delete", name]) }
  }

  /// Namespaces of earlier checks whose process is gone.
  static func removeStale() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/run/netns") else { return }
    for name in names where name.hasPrefix(prefix) {
      let pidText = name.dropFirst(prefix.count).prefix { $0.isNumber }
      guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      _ = try? ip(["netns", "delete", name])
    }
  }

  /// Runs `ip` with these arguments; a failure carries its standard error.
  @discardableResult
  static func ip(_ arguments: [String]) throws(SetupError) -> String {
    try run(ipPath, arguments)
  }

  /// `ip` from the usual places; nil when iproute2 is not installed.
  public static var ipPath: String {
    ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first { FileManager.default.isExecutableFile(atPath: $0) }
      ?? "ip"
  }

  /// Runs a program to its end and returns its standard output.
  static func run(_ path: String, _ arguments: [String]) throws(SetupError) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do { try process.run() } catch {
      throw SetupError(description: "cannot start \(path): \(error.localizedDescription)")
    }
    let text = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = String(decoding: errorText, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw SetupError(description: "\(path) \(arguments.joined(separator: " ")) failed: \(message)")
    }
    return String(decoding: text, as: UTF8.self)
  }
}
