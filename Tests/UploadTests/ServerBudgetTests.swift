import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue #25, item 3: the server's memory is budgeted and its connection slots cannot be held by
/// partial heads. `deflate-bench serve` runs as a process; clients are bare sockets that send
/// zstd frames built byte by byte (RFC 8878 §3.1.1), so the window a frame asks for is exact.
@Suite(
  "serve: decoder memory budget and partial heads", .serialized,
  .enabled(if: Condition.executableIsBuilt, Comment(rawValue: Condition.executableMissing)))
struct ServerBudgetTests {
  /// A zstd frame header without content size or checksum, asking for a window of 2^`windowLog`.
  static func frameHeader(windowLog: Int) -> [UInt8] {
    [0x28, 0xB5, 0x2F, 0xFD, 0x00, UInt8((windowLog - 10) << 3)]
  }

  /// A raw block of `bytes`; the last block ends the frame.
  static func rawBlock(_ bytes: [UInt8], last: Bool) -> [UInt8] {
    let header = (last ? 1 : 0) | (bytes.count << 3)
    return [UInt8(header & 0xFF), UInt8((header >> 8) & 0xFF), UInt8((header >> 16) & 0xFF)] + bytes
  }

  static func head(contentLength: Int) -> [UInt8] {
    Array("POST /z HTTP/1.1\r\nHost: t\r\nContent-Encoding: zstd\r\nContent-Length: \(contentLength)\r\n\r\n".utf8)
  }

  static let payload: [UInt8] = (0..<1000).map { UInt8(($0 * 7 + 3) % 256) }

  /// The frame `windowLimit` sends: valid zstd whose header asks for a 128 MiB window.
  static var largeWindowFrame: [UInt8] { frameHeader(windowLog: 27) + rawBlock(payload, last: true) }

  @Test(
    "M3: the zstd CLI decodes the 128 MiB-window frame, so the server's 413 refuses a valid body",
    .enabled(if: Judge.zstd.isAvailable, Comment(rawValue: Judge.zstd.missing)))
  func largeWindowFrameIsValid() throws {
    let judge = try ProcessRunner.run("zstd", arguments: ["-dc", "--long=27", "-q"], stdin: Self.largeWindowFrame)
    #expect(judge.stdout == Self.payload, "the frame is valid zstd: \(judge.stderrText)")
  }

  @Test("M3: a zstd frame asking for a 128 MiB window gets 413 naming the 8 MiB limit")
  func windowLimit() throws {
    let server = try ServeProcess.start()
    defer { server.stop() }
    let frame = Self.largeWindowFrame
    let client = try RawHTTPClient(port: server.port)
    client.send(Self.head(contentLength: frame.count) + frame)
    let response = try #require(client.readResponse())
    #expect(response.status == 413)
    #expect(response.text.contains("larger than the limit of 8388608 bytes (8 MiB)"), "\(response.text)")
  }

  @Test("M3: past --max-decoder-memory a zstd body gets 503 naming the budget; once memory is free again it gets 200")
  func memoryBudget() throws {
    let server = try ServeProcess.start(["--max-decoder-memory", "12M"])
    defer { server.stop() }
    let frame = Self.frameHeader(windowLog: 23) + Self.rawBlock(Self.payload, last: true)
    // The first body takes an 8 MiB window and stalls, half sent.
    let holder = try RawHTTPClient(port: server.port)
    holder.send(
      Self.head(contentLength: 100_000) + Self.frameHeader(windowLog: 23) + Self.rawBlock(Self.payload, last: false))
    usleep(300_000)
    let refused = try RawHTTPClient(port: server.port)
    refused.send(Self.head(contentLength: frame.count) + frame)
    let answer = try #require(refused.readResponse())
    #expect(answer.status == 503, "\(answer.text)")
    #expect(answer.text.contains("decoder memory budget of 12582912 bytes (12 MiB)"), "\(answer.text)")
    // The held window is given back when its connection ends.
    shutdown(holder.descriptor, Int32(SHUT_RDWR))
    var status = 0
    for _ in 0..<50 where status != 200 {
      usleep(100_000)
      let retry = try RawHTTPClient(port: server.port)
      retry.send(Self.head(contentLength: frame.count) + frame)
      status = retry.readResponse()?.status ?? -1
    }
    #expect(status == 200)
  }

  @Test("M5: partial request heads, refreshed as they are closed, do not lock out real uploads")
  func partialHeadsDoNotLockOut() throws {
    let server = try ServeProcess.start(["--max-connections", "20", "--header-timeout", "3"])
    defer { server.stop() }
    let stop = StopFlag()
    let port = server.port
    let attackers = Thread {
      // Twice as many partial heads as slots, each trickling a header byte every 100 ms and
      // reopened when the server closes it.
      var sockets: [Int32] = []
      while !stop.isSet {
        var alive: [Int32] = []
        for descriptor in sockets {
          var byte: UInt8 = 0
          let read = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT))
          let open = read < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
          if open && send(descriptor, "x", 1, Int32(MSG_NOSIGNAL)) == 1 {
            alive.append(descriptor)
          } else {
            close(descriptor)
          }
        }
        sockets = alive
        while sockets.count < 40, let descriptor = LoopbackTCP.connect(port: port) {
          let partial = "POST /slow HTTP/1.1\r\nHost: t\r\nX-Pad: "
          _ = send(descriptor, partial, partial.utf8.count, Int32(MSG_NOSIGNAL))
          sockets.append(descriptor)
        }
        usleep(100_000)
      }
      for descriptor in sockets { close(descriptor) }
    }
    attackers.start()
    defer { stop.set() }
    usleep(1_000_000)
    var succeeded = 0
    let uploads = 10
    let body = Array(#"{"event":"real"}"#.utf8)
    for _ in 0..<uploads {
      let client = try RawHTTPClient(port: server.port)
      client.send(Array("POST /u HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
      if client.readResponse()?.status == 200 { succeeded += 1 }
      usleep(200_000)
    }
    #expect(succeeded >= uploads - 1, "\(succeeded) of \(uploads) uploads succeeded")
  }
}

/// A flag the test sets and a background thread polls.
final class StopFlag: Sendable {
  private let value = Atomic<Bool>(false)
  var isSet: Bool { value.load(ordering: .relaxed) }
  func set() { value.store(true, ordering: .relaxed) }
}
