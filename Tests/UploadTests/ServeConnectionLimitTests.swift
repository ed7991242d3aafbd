import Foundation
import TestSupport
import Testing

/// `deflate-bench serve`'s connection and header limits over real sockets, as the help text
/// states them: at --max-connections the connection whose head has been awaited longest (idle, or
/// a partial head) is closed to make room, and only when every connection is receiving a body is
/// a newcomer answered 503; a head over the header limit is answered 431.
@Suite(
  "serve: connection and header limits over sockets", .serialized,
  .enabled(if: Condition.executableIsBuilt, Comment(rawValue: Condition.executableMissing)))
struct ServeConnectionLimitTests {
  /// How long the server gets to see a connection's first bytes (and so count it busy) before the
  /// next connection arrives. Generous: the suite shares two cores with other builds.
  static let settle: useconds_t = 700_000

  @Test(
    "at --max-connections the longest-idle connection makes room; with every one receiving a body a newcomer gets 503"
  )
  func idleEvictionThen503() throws {
    let server = try ServeProcess.start(["--max-connections", "2", "--header-timeout", "30"])
    defer { server.stop() }
    let idle = try RawHTTPClient(port: server.port)
    usleep(Self.settle)
    let busy = try RawHTTPClient(port: server.port)
    // A whole head with its body still to come: receiving a body, which no newcomer evicts.
    busy.send("POST /busy HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n")
    usleep(Self.settle)

    // A third connection: the idle one is closed to make room, the busy one is not.
    let third = try RawHTTPClient(port: server.port)
    #expect(idle.isClosedByServer(), "the longest-idle connection was not closed at the limit")
    third.send("POST /third HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n")
    usleep(Self.settle)

    // Both admitted connections are busy now: a fourth is refused with 503 and closed.
    let fourth = try RawHTTPClient(port: server.port)
    let refused = try #require(fourth.readResponse(), "no answer to a connection over the limit")
    #expect(refused.status == 503)
    #expect(refused.json["error"] as? String == "too many connections")
    #expect(refused.fields["connection"] == "close")

    // The busy connection was kept all along: it finishes its request normally.
    busy.send("ok")
    #expect(busy.readResponse()?.status == 200)
  }

  @Test("a request head over the 64 KiB header limit is answered 431 over the socket")
  func headerTooLargeIs431() throws {
    let server = try ServeProcess.start()
    defer { server.stop() }
    let client = try RawHTTPClient(port: server.port)
    // One field of 70,000 bytes: past the limit before the head ends.
    client.send("GET /big HTTP/1.1\r\nHost: t\r\nX-Filler: " + String(repeating: "a", count: 70_000) + "\r\n\r\n")
    let response = try #require(client.readResponse(), "no answer to an oversized head")
    #expect(response.status == 431)
    #expect(response.fields["connection"] == "close")
    // The server is still there for the next client.
    let next = try RawHTTPClient(port: server.port)
    next.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
    #expect(next.readResponse()?.status == 200)
  }
}
