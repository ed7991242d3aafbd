import DeflateBenchSupport
import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request body with the fields that describe it.
public struct UploadRequest: Sendable {
  /// The bytes as sent (already compressed for a coded upload).
  public var body: Data
  /// The `Content-Encoding` token, or nil for identity.
  public var contentEncoding: String?
  /// Always sent explicitly: URLSession on Linux would otherwise claim a form body.
  public var contentType = "application/octet-stream"
  /// SHA-256 of `body`, sent as `Repr-Digest` (RFC 9530: the digest of the body as sent).
  public var sentDigest: SHA256Digest?
  /// SHA-256 of the decoded body, sent as `X-Content-SHA256`.
  public var decodedDigest: SHA256Digest?
}

/// What one upload gave back.
public struct UploadResponse: Sendable {
  /// The HTTP status.
  public var status: Int
  /// The server's JSON answer, or nil when the body was not one (another kind of server).
  public var answer: UploadAnswer?
  /// Seconds from handing the request to URLSession to the last byte of the response.
  public var seconds: Double
}

/// Why an upload did not produce a response.
public struct UploadClientError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// Uploads bodies with URLSession, one session for its whole life so connections are reused
/// (keep-alive) as a real client's would be. Requests run one at a time; `upload` blocks.
public final class UploadClient: Sendable {
  public let endpoint: URL
  let session: URLSession
  /// How long one request may take before it fails.
  public let timeoutSeconds: Double

  /// - Parameter timeoutSeconds: how long one request may take; slow emulated links need minutes.
  public init(endpoint: URL, timeoutSeconds: Double = 600) {
    self.endpoint = endpoint
    self.timeoutSeconds = timeoutSeconds
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeoutSeconds
    configuration.timeoutIntervalForResource = timeoutSeconds
    configuration.httpMaximumConnectionsPerHost = 1
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// How long past the timeout a task may take to report it, and to end once cancelled.
  static let cancelGraceSeconds = 5.0

  /// Sends one POST and waits for the whole response.
  public func upload(_ request: UploadRequest) throws(UploadClientError) -> UploadResponse {
    let urlRequest = makeURLRequest(
      contentEncoding: request.contentEncoding, contentType: request.contentType, sentDigest: request.sentDigest,
      decodedDigest: request.decodedDigest)
    return try perform { completion in
      session.uploadTask(with: urlRequest, from: request.body, completionHandler: completion)
    }
  }

  /// What went wrong, in words: Foundation on Linux describes URL errors only by their number
  /// ("NSURLErrorDomain error -1001").
  func describe(_ error: any Error) -> String {
    guard let urlError = error as? URLError else { return error.localizedDescription }
    let meaning: String
    switch urlError.code {
    case .timedOut: meaning = "timed out after \(String(format: "%g", timeoutSeconds)) s without progress"
    case .networkConnectionLost: meaning = "the server closed the connection before answering"
    case .cannotConnectToHost: meaning = "cannot connect to the server"
    // curl's "empty reply from server" arrives as a bad response.
    case .badServerResponse, .cannotParseResponse:
      meaning = "no valid HTTP answer: the server closed the connection or sent something else"
    case .cancelled: meaning = "cancelled"
    default:
      let text = urlError.localizedDescription
      // curl's own words for a write to a connection the server has closed.
      let closed = text.contains("Broken pipe") || text.contains("Connection reset")
      meaning = closed ? "the server closed the connection while the body was sent: \(text)" : text
    }
    return "\(meaning) (URLError \(urlError.code.rawValue))"
  }

  /// A POST to the endpoint with the body's describing fields.
  func makeURLRequest(
    contentEncoding: String?, contentType: String, sentDigest: SHA256Digest?, decodedDigest: SHA256Digest?
  ) -> URLRequest {
    var urlRequest = URLRequest(url: endpoint)
    urlRequest.httpMethod = "POST"
    urlRequest.setValue(contentType, forHTTPHeaderField: "Content-Type")
    if let coding = contentEncoding { urlRequest.setValue(coding, forHTTPHeaderField: "Content-Encoding") }
    if let digest = sentDigest {
      urlRequest.setValue(DigestFields.reprDigestValue(digest), forHTTPHeaderField: "Repr-Digest")
    }
    if let digest = decodedDigest { urlRequest.setValue(digest.hex, forHTTPHeaderField: "X-Content-SHA256") }
    return urlRequest
  }

  /// Runs the task `makeTask` builds with the completion handler it is given, waits for it and
  /// times it from `resume` to the last byte of the response.
  func perform(
    _ makeTask: (@escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionTask
  ) throws(UploadClientError) -> UploadResponse {
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<(Data, Int, UInt64), UploadClientError>?>(nil)
    let start = DispatchTime.now().uptimeNanoseconds
    let task = makeTask { data, response, error in
      let end = DispatchTime.now().uptimeNanoseconds
      let result: Result<(Data, Int, UInt64), UploadClientError>
      if let error {
        result = .failure(UploadClientError("upload to \(self.endpoint) failed: \(self.describe(error))"))
      } else if let http = response as? HTTPURLResponse {
        result = .success((data ?? Data(), http.statusCode, end - start))
      } else {
        result = .failure(UploadClientError("upload to \(self.endpoint) got no HTTP response"))
      }
      outcome.withLock { $0 = result }
      done.signal()
    }
    task.resume()
    // URLSession's own timeout normally ends the task; this bound holds even when it does not
    // (swift-corelibs-foundation can miss it while a streamed body is blocked on a full socket).
    if done.wait(timeout: .now() + timeoutSeconds + Self.cancelGraceSeconds) == .timedOut {
      task.cancel()
      _ = done.wait(timeout: .now() + Self.cancelGraceSeconds)
      throw UploadClientError("upload to \(endpoint) timed out after \(String(format: "%g", timeoutSeconds)) s")
    }
    guard let result = outcome.withLock({ $0 }) else { throw UploadClientError("the upload ended without a result") }
    let (data, status, nanoseconds) = try result.get()
    let answer = try? SnakeCaseKeys.decoder().decode(UploadAnswer.self, from: data)
    return UploadResponse(status: status, answer: answer, seconds: Double(nanoseconds) / 1e9)
  }
}
