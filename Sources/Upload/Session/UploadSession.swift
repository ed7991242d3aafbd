import DeflateBenchCorpora
import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchSupport
import Foundation
import Synchronization

/// The `run --upload` hook: sends each cell's compressed payloads to an echo server, then the
/// same payloads uncompressed, checks every answer, and reports both times.
///
/// One session per run and per link: its `UploadClient` keeps one URLSession, so connections
/// are reused like a real client's. The identity uploads of a payload set are the same for
/// every cell of that set, so they are measured once per set and reused.
public final class UploadSession: CellUploadStep, Sendable {
  public let client: UploadClient
  /// The link the server emulates, or nil for an unthrottled server (reported as `none`).
  public let link: LinkPreset?
  /// Sent as `Content-Type` with every body.
  public let contentType: String
  /// The server child process when the session started one (`--upload local`).
  public let localServer: LocalServer?
  private let cache = Mutex(Cache())

  private struct Cache {
    /// Digests of the uncompressed payloads, per `corpus/split`.
    var originalDigests: [String: [SHA256Digest]] = [:]
    /// Identity upload results, per `corpus/split`.
    var identity: [String: Totals] = [:]
  }

  /// Sums over one cell's requests.
  struct Totals: Sendable {
    var milliseconds = 0.0
    var wireBytes = 0
    /// The upload model's time for the same requests, summed per request (slow start is not
    /// linear in the bytes), or 0 without an emulated link.
    var modelledSeconds = 0.0
    /// Whether the server answered `match` to the digests of every request: what
    /// `server_verified` records, read from the answers rather than assumed.
    var serverVerified = true
  }

  /// A session against a server that is already running (`--upload URL`).
  /// `timeoutSeconds`: how long one request may take.
  public init(
    endpoint: URL, link: LinkPreset? = nil, contentType: String = "application/octet-stream",
    timeoutSeconds: Double = 600
  ) {
    client = UploadClient(endpoint: endpoint, timeoutSeconds: timeoutSeconds)
    self.link = link
    self.contentType = contentType
    localServer = nil
  }

  /// Starts `deflate-bench serve` on a free loopback port, emulating `link` when given
  /// (`--upload local --link NAME`), and uploads to it. Its limits are opened up for trusted
  /// benchmark payloads: 4 GiB bodies and no ratio limit.
  /// `port` 0 lets the system pick a free one (`--upload-port` pins it).
  public init(
    localExecutable: URL = LocalServer.currentExecutable, link: LinkPreset? = nil,
    contentType: String = "application/octet-stream", dictionaryPaths: [String] = [], timeoutSeconds: Double = 600,
    port: Int = 0
  ) throws(LocalServer.StartError) {
    var arguments = ["--max-body", "4G", "--max-decoded", "4G", "--max-ratio", "0"]
    for path in dictionaryPaths { arguments += ["--dictionary", path] }
    if let link {
      arguments += ["--rate", String(link.uplinkBytesPerSecond), "--latency", String(link.rttMilliseconds)]
    }
    let server = try LocalServer(executable: localExecutable, arguments: arguments, port: port)
    localServer = server
    client = UploadClient(endpoint: server.baseURL.appendingPathComponent("upload"), timeoutSeconds: timeoutSeconds)
    self.link = link
    self.contentType = contentType
  }

  /// Stops the local server, if the session started one.
  public func close() {
    localServer?.stop()
  }

  /// The `Content-Encoding` a body in `container` goes out with, or an error naming the cell when
  /// HTTP has none for it (a backend's own framing, such as an LZ4 frame).
  static func coding(of container: Container, key: CellKey) throws(UploadStepError) -> String {
    // Raw DEFLATE has no HTTP coding of its own; it goes out as `deflate`, which
    // `deflate-bench serve` (like browsers) recognises by its missing zlib header.
    guard let coding = container.contentEncoding ?? (container.isDeflate ? "deflate" : nil) else {
      throw UploadStepError("\(key): the \(container) container has no HTTP content coding, so it cannot be uploaded")
    }
    return coding
  }

  public func upload(_ cell: CompressedCell) throws(UploadStepError) -> UploadMeasurement {
    guard cell.originals.count == cell.compressed.count else {
      throw UploadStepError(
        "\(cell.key): \(cell.compressed.count) compressed payloads for \(cell.originals.count) originals")
    }
    let setKey = "\(cell.key.corpus)/\(cell.key.split)"
    let originalDigests = digests(of: cell.originals, key: setKey)
    let coding = try Self.coding(of: cell.container, key: cell.key)
    var compressed = Totals()
    for (index, body) in cell.compressed.enumerated() {
      // The body is the run's own output (no copy); URLSession copies it once into its task.
      let request = UploadRequest(
        body: body, contentEncoding: coding, contentType: contentType, sentDigest: SHA256.hash(body),
        decodedDigest: originalDigests[index])
      try send(
        request, decodedBytes: cell.originals[index].count, into: &compressed, what: "\(cell.key) payload \(index)")
    }
    let identity = try identityTotals(cell, key: setKey, digests: originalDigests)
    var measurement = UploadMeasurement(
      link: link?.name ?? "none", uploadMs: compressed.milliseconds, uploadIdentityMs: identity.milliseconds,
      wireBytes: compressed.wireBytes, serverVerified: compressed.serverVerified && identity.serverVerified,
      modelledMs: modelledMilliseconds(compressed))
    measurement.modelledIdentityMs = modelledMilliseconds(identity)
    return measurement
  }

  // MARK: - Private

  private func identityTotals(_ cell: CompressedCell, key: String, digests: [SHA256Digest]) throws(UploadStepError)
    -> Totals
  {
    if let cached = cache.withLock({ $0.identity[key] }) { return cached }
    var totals = Totals()
    for (index, body) in cell.originals.enumerated() {
      let request = UploadRequest(
        body: Data(sharing: body), contentEncoding: nil, contentType: contentType, sentDigest: digests[index],
        decodedDigest: digests[index])
      try send(request, decodedBytes: body.count, into: &totals, what: "\(key) payload \(index) uncompressed")
    }
    cache.withLock { $0.identity[key] = totals }
    return totals
  }

  private func digests(of payloads: PayloadBodies, key: String) -> [SHA256Digest] {
    if let cached = cache.withLock({ $0.originalDigests[key] }), cached.count == payloads.count { return cached }
    let digests = payloads.map { SHA256.hash($0) }
    cache.withLock { $0.originalDigests[key] = digests }
    return digests
  }

  /// Sends one request and checks the answer: status 200, the sizes sent, the digests matched.
  private func send(_ request: UploadRequest, decodedBytes: Int, into totals: inout Totals, what: String)
    throws(UploadStepError)
  {
    let response: UploadResponse
    do throws(UploadClientError) {
      response = try client.upload(request)
    } catch {
      throw UploadStepError("\(what): \(error)")
    }
    if let problem = UploadVerification.problem(
      response, sentBytes: request.body.count, decodedBytes: decodedBytes, expectsDigest: true)
    {
      throw UploadStepError("\(what): \(problem)")
    }
    let answer = response.answer!
    totals.serverVerified = totals.serverVerified && UploadVerification.serverVerified(answer)
    totals.milliseconds += response.seconds * 1000
    totals.wireBytes += answer.wireBytes ?? request.body.count
    if let link {
      // The server saw the whole request (head and body) on the wire; decoding and digests
      // are what it reports spending on them.
      let wire = Double(answer.wireBytes ?? request.body.count)
      totals.modelledSeconds +=
        UploadModel.deliverSeconds(
          bytes: wire, link: link, initialWindowBytes: Double(ModelParameters.standardInitialWindowBytes))
        + link.rttSeconds + ((answer.decodeMs ?? 0) + (answer.hashMs ?? 0)) / 1000
    }
  }

  /// What the upload model predicts for the uploads just measured: per request, its wire bytes
  /// through slow start, one round trip for the response, and the server's decode and digest
  /// time (which the measured time includes too). Nil without an emulated link.
  private func modelledMilliseconds(_ totals: Totals) -> Double? {
    link == nil ? nil : totals.modelledSeconds * 1000
  }
}
