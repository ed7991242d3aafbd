import Foundation
import TestSupport

/// Python's http.server as an outside judge of chunked uploads, in one of four modes:
/// `judge` reads the chunked body itself, gunzips it with Python's zlib and answers in the echo
/// server's JSON; `close` reads a little of the body and drops the connection; `stall` reads the
/// head and then neither reads nor answers; `foreign` answers every upload 200 with JSON that has
/// a status but none of the echo server's sizes. It prints its port, then serves until killed.
final class PythonJudgeServer {
  static let script = """
    import hashlib, http.server, json, signal, socket, sys, time, zlib
    # A child started from a test thread inherits its blocked signals; SIGTERM must end it.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    mode = sys.argv[1]
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args): pass
        def do_POST(self):
            if mode == "stall":
                time.sleep(3600)
            if mode == "foreign":
                # Another server's 200: JSON with a status, but none of the echo server's sizes.
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                out = b'{"status": 200}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)
                return
            if mode == "close":
                self.rfile.read(1000)
                self.connection.shutdown(socket.SHUT_RDWR)
                self.connection.close()
                return
            assert self.headers.get("Transfer-Encoding", "").lower() == "chunked", "not chunked"
            body = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\\r\\n", b"\\n", b""):
                        pass
                    break
                body += self.rfile.read(size)
                self.rfile.readline()
            decoded = zlib.decompress(body, 31)
            digest = hashlib.sha256(decoded).hexdigest()
            answer = {"status": 200, "received_bytes": len(body), "decoded_bytes": len(decoded),
                      "digest": "match" if digest == self.headers.get("X-Content-SHA256") else "mismatch"}
            out = json.dumps(answer).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(out)))
            self.end_headers()
            self.wfile.write(out)
    class Server(http.server.HTTPServer):
        # The client's half of a dropped connection is expected; no traceback for it.
        def handle_error(self, request, client_address): pass
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  let process = Process()
  let port: Int

  /// Tests that start one declare `Judge.python3`; without it this throws.
  init(mode: String) throws {
    guard let python = Judge.python3.path else { throw PythonJudgeError(message: Judge.python3.missing) }
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", Self.script, mode]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line += chunk
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
      process.terminate()
      throw PythonJudgeError(message: "the Python server printed no port")
    }
    self.port = port
  }

  var url: URL { URL(string: "http://127.0.0.1:\(port)/upload")! }

  /// Ends the server: SIGTERM, then SIGKILL if it is still there after five seconds, so a
  /// test never waits on a child that ignores the first.
  deinit {
    process.terminate()
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}

struct PythonJudgeError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
