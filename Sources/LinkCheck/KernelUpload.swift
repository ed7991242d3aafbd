import CDelayLine
import DeflateBenchSupport
import DeflateBenchUpload
import Foundation

/// One HTTP/1.1 connection from the client namespace to `deflate-bench serve` in the server
/// namespace, through the kernel's TCP with the sender's congestion control set on the socket
/// (TCP_CONGESTION) and Nagle off (as HTTP clients set it, so a request's last partial segment
/// is not held for an acknowledgement).
final class KernelConnection {
  /// Why a connection or an upload failed.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let socket: Socket
  let host: String
  let port: Int

  /// Opens a socket in `namespace`, ready for `connect()` (entering the namespace costs time a
  /// real client does not spend, so a cold case starts its clock after this, at `connect()`).
  init(namespace: String, port: Int, congestionControl: String, timeoutSeconds: Double) throws(Failure) {
    let fd = dl_socket_in_netns(namespace)
    guard fd >= 0 else { throw Failure(description: "socket in \(namespace): \(String(cString: strerror(-fd)))") }
    socket = Socket(descriptor: fd)
    host = NetworkNamespaces.serverAddress
    self.port = port
    let name = Array(congestionControl.utf8)
    let set = name.withUnsafeBytes {
      setsockopt(fd, Int32(IPPROTO_TCP), TCP_CONGESTION, $0.baseAddress, socklen_t($0.count))
    }
    guard set == 0 else {
      let reason = String(cString: strerror(errno))
      socket.close()
      throw Failure(description: "TCP_CONGESTION \(congestionControl): \(reason)")
    }
    socket.setNoDelay()
    var timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// The TCP handshake: part of what a cold case times.
  func connect() throws(Failure) {
    let fd = socket.descriptor
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET, host, &address.sin_addr)
    // Ctrl-C interrupts this wait: Dispatch's signal source installs a handler, the kernel hands
    // a process's signal to its main thread (the one uploading) when it can, and a socket call
    // with a timeout (SO_SNDTIMEO) is never restarted, so connect fails with EINTR while the
    // handshake goes on. Linux lets a blocking connect be called again: it waits for the pending
    // handshake and returns 0 once it is established (__inet_stream_connect).
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        retryingOnInterrupt { Glibc.connect(fd, address, socklen_t(MemoryLayout<sockaddr_in>.size)) }
      }
    }
    guard connected == 0 else {
      let reason = String(cString: strerror(errno))
      throw Failure(description: "connect to \(host):\(port): \(reason)")
    }
  }

  deinit { socket.close() }

  /// The request head the check sends before each body: the bytes the model counts as W's head.
  static func head(host: String, port: Int, bodyBytes: Int) -> [UInt8] {
    Array(
      ("POST /linkcheck HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Type: application/octet-stream\r\n"
        + "Content-Length: \(bodyBytes)\r\n\r\n").utf8)
  }

  /// Sends one request with this body and reads the whole response; fails unless the server
  /// answered 200 having received every byte.
  func upload(_ body: [UInt8]) throws(Failure) {
    let request = Self.head(host: host, port: port, bodyBytes: body.count) + body
    do throws(SystemCallError) {
      try socket.sendAll(request)
    } catch {
      throw Failure(description: "sending \(body.count) B: \(error)")
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = try receive(into: &buffer)
      guard count > 0 else { throw Failure(description: "the server closed the connection") }
      received += buffer[..<count]
      if let complete = Self.completeResponse(received) {
        guard complete.status == 200 else { throw Failure(description: "the server answered \(complete.status)") }
        let expected = "\"received_bytes\":\(body.count)"
        guard String(decoding: complete.body, as: UTF8.self).replacingOccurrences(of: " ", with: "").contains(expected)
        else {
          throw Failure(description: "the server did not report \(body.count) received bytes")
        }
        return
      }
    }
  }

  /// Reads what has arrived into `buffer`. Socket.receive retries on EINTR: a recv on a socket
  /// with SO_RCVTIMEO is never restarted after a signal, and Ctrl-C means "stop after this
  /// upload", not "fail it".
  private func receive(into buffer: inout [UInt8]) throws(Failure) -> Int {
    let result: Result<Int, SystemCallError> = buffer.withUnsafeMutableBytes { bytes in
      Result { () throws(SystemCallError) in try socket.receive(into: bytes) }
    }
    do throws(SystemCallError) { return try result.get() } catch {
      throw Failure(description: "reading the response: \(String(cString: strerror(error.errno)))")
    }
  }

  /// The status and body once head and Content-Length body are both in.
  static func completeResponse(_ bytes: [UInt8]) -> (status: Int, body: ArraySlice<UInt8>)? {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = bytes.indices.dropLast(3).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
      return nil
    }
    let head = String(decoding: bytes[..<end], as: UTF8.self)
    let lines = head.split(separator: "\r\n")
    guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
      let status = Int(statusLine.split(separator: " ")[1])
    else { return nil }
    let length =
      lines.dropFirst().compactMap { line -> Int? in
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
        return Int(parts[1].trimmingCharacters(in: .whitespaces))
      }.first ?? 0
    let bodyStart = end + 4
    guard bytes.count >= bodyStart + length else { return nil }
    return (status, bytes[bodyStart..<bodyStart + length])
  }

  /// What the kernel says of the connection now (TCP_INFO); zeros if it cannot say.
  func state() -> dl_tcp_state {
    var state = dl_tcp_state()
    _ = dl_tcp_state_of(socket.descriptor, &state)
    return state
  }
}
