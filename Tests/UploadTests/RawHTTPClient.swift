import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A bare TCP client for server tests: sends exactly the bytes a test writes (broken ones
/// included), when it writes them, and reads back raw responses.
final class RawHTTPClient {
  /// One response as read off the socket.
  struct Response {
    var status: Int
    var fields: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The JSON body's top-level values.
    var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
  }

  let descriptor: Int32
  private var pending: [UInt8] = []

  init(port: Int) throws {
    guard let descriptor = LoopbackTCP.connect(port: port) else { throw POSIXError(.ECONNREFUSED) }
    self.descriptor = descriptor
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit {
    close(descriptor)
  }

  func send(_ text: String) { send(Array(text.utf8)) }

  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if written <= 0 { return }
      offset += written
    }
  }

  /// Reads one response (head and Content-Length body, none for HEAD); nil when the server
  /// closed first.
  func readResponse(toHead: Bool = false) -> Response? {
    while true {
      if let response = parsePending(toHead: toHead) { return response }
      var buffer = [UInt8](repeating: 0, count: 65536)
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return nil }
      pending += buffer[..<count]
    }
  }

  /// True when the server has closed the connection (a read returns end of stream).
  func isClosedByServer() -> Bool {
    var byte: UInt8 = 0
    return recv(descriptor, &byte, 1, 0) == 0
  }

  private func parsePending(toHead: Bool) -> Response? {
    let separator = Array("\r\n\r\n".utf8)
    guard let end = pending.indices.first(where: { pending[$0...].starts(with: separator) }) else { return nil }
    let head = String(decoding: pending[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(head[0].split(separator: " ")[1]) ?? 0
    var fields: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let length = toHead ? 0 : Int(fields["content-length"] ?? "0") ?? 0
    let bodyStart = end + 4
    guard pending.count >= bodyStart + length else { return nil }
    let body = Array(pending[bodyStart..<(bodyStart + length)])
    pending.removeFirst(bodyStart + length)
    return Response(status: status, fields: fields, body: body)
  }
}
