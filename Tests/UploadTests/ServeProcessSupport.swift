import DeflateBenchUpload
import Foundation
import TestSupport

/// Starts the built `deflate-bench serve` as a child process for tests that talk to it the way
/// outside clients do, and reads what the kernel says about its memory.
enum ServeProcess {
  /// A server on a free port with extra options. Suites that start one declare
  /// `Condition.executableIsBuilt`, so a missing executable shows as a skip, not as a pass.
  static func start(_ arguments: [String] = []) throws -> LocalServer {
    try LocalServer(executable: DeflateBenchExecutable.url, arguments: arguments)
  }

  /// The peak resident set size (VmHWM) of a process in bytes, from /proc; nil elsewhere.
  static func peakResidentBytes(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first
      return kilobytes.map { $0 * 1024 }
    }
    return nil
  }
}

/// A curl invocation's answer: status, lower-cased header fields and the JSON body.
struct CurlAnswer {
  var status: Int
  var fields: [String: String]
  var json: [String: Any]

  /// Runs curl with `arguments` plus `-s -i` against `url`, reading `--data-binary @-` from `body`.
  /// Tests that call it declare `Judge.curl`; nil when curl's output is not an HTTP answer.
  static func post(_ url: URL, body: [UInt8], headers: [String] = [], extra: [String] = []) throws -> CurlAnswer? {
    var arguments = ["-s", "-i", "--data-binary", "@-", "-H", "Content-Type: application/json"]
    for header in headers { arguments += ["-H", header] }
    let output = try ProcessRunner.run("curl", arguments: arguments + extra + [url.absoluteString], stdin: body)
    return parse(output.stdout)
  }

  /// Splits a `curl -i` output; an interim `100 Continue` block is skipped.
  static func parse(_ output: [UInt8]) -> CurlAnswer? {
    var text = String(decoding: output, as: UTF8.self)
    while text.hasPrefix("HTTP/1.1 100"), let end = text.range(of: "\r\n\r\n") {
      text = String(text[end.upperBound...])
    }
    guard let end = text.range(of: "\r\n\r\n") else { return nil }
    let head = text[..<end.lowerBound].components(separatedBy: "\r\n")
    guard let status = head.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
    var fields: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let body = Data(text[end.upperBound...].utf8)
    let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    return CurlAnswer(status: status, fields: fields, json: json)
  }
}
