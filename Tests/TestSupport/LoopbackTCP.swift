import Foundation

/// TCP connections to a port on 127.0.0.1, the one connect the tests share: the raw HTTP
/// client of the server tests, and the probe of whether a server still listens.
public enum LoopbackTCP {
  /// A socket connected to `port`, which the caller closes; nil when nothing accepts there.
  public static func connect(port: Int) -> Int32? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard status == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Whether something accepts TCP connections on `port`.
  public static func accepts(port: Int) -> Bool {
    guard let descriptor = connect(port: port) else { return false }
    close(descriptor)
    return true
  }

  /// A loopback port the system just handed out and that nothing listens on any more (bound,
  /// then closed), for a client that must find no server; nil when none could be had.
  public static func closedPort() -> Int? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
  }
}
