import DeflateBenchCodecs

/// One client connection, served on its own thread: requests one after another (keep-alive),
/// each read into the same buffer, parsed, decoded and answered. Every failure becomes a status
/// and, where the byte stream can no longer be trusted, a close.
final class UploadConnection {
  /// What happens to the connection after a response.
  enum After {
    case keepAlive
    /// Close at once: everything the client sent was read.
    case close
    /// Close after draining what the client still sends, so it can read the error response.
    case lingerAndClose
  }

  private let reader: ConnectionReader
  private let configuration: ServerConfiguration
  private let isStopping: @Sendable () -> Bool
  private var parser: HTTPRequestParser
  private var limits: ServerLimits { configuration.limits }

  init(
    socket: Socket, configuration: ServerConfiguration, pacer: LinkPacer?, isStopping: @escaping @Sendable () -> Bool
  ) {
    reader = ConnectionReader(socket: socket, bufferBytes: configuration.readBufferBytes, pacer: pacer)
    self.configuration = configuration
    self.isStopping = isStopping
    parser = HTTPRequestParser(maxHeaderBytes: configuration.limits.maxHeaderBytes)
  }

  /// Serves requests until the client leaves, a request ends the connection, or the server stops.
  func run() {
    reader.socket.setNoDelay()
    while !isStopping() {
      switch serveRequest() {
      case .keepAlive: continue
      case .close: return
      case .lingerAndClose:
        reader.linger()
        return
      }
    }
  }

  /// Answers 503 to a connection over the limit and closes it.
  func refuseOverloaded() {
    respond(HTTPResponse(answer: UploadAnswer(status: 503, error: "too many connections"), closes: true), head: nil)
    reader.linger(maxSeconds: 0.5)
  }

  // MARK: - One request

  private func serveRequest() -> After {
    var wireBytes = 0
    var firstByteAt: UInt64?
    let head: HTTPRequestHead
    // The head: wait quietly while idle, then give the whole head `headerTimeoutSeconds`.
    while true {
      let event: HTTPRequestParser.Event
      do throws(HTTPParseError) {
        event = try nextEvent(counting: &wireBytes)
      } catch {
        return fail(error.status, error.description, head: nil)
      }
      if case .head(let parsed) = event {
        head = parsed
        break
      }
      let idle = parser.isIdle
      var timeout = limits.idleTimeoutSeconds
      if !idle, let firstByteAt {
        timeout = limits.headerTimeoutSeconds - Deadline.secondsSince(firstByteAt)
        if timeout <= 0 { return fail(408, "the request head did not arrive in time", head: nil, then: .close) }
      }
      switch reader.fill(timeoutSeconds: timeout) {
      case .data: if firstByteAt == nil { firstByteAt = Deadline.now() }
      case .closed: return .close
      case .timedOut:
        if idle { return .close }
        return fail(408, "the request head did not arrive in time", head: nil, then: .close)
      }
    }
    let start = firstByteAt ?? Deadline.now()
    switch head.method {
    case "POST", "PUT":
      return receiveUpload(head, start: start, wireBytes: wireBytes)
    case "GET", "HEAD":
      guard head.framing == .none || head.framing == .length(0) else {
        return fail(400, "a \(head.method) request carries no body here", head: head)
      }
      _ = try? nextEvent(counting: &wireBytes)  // the `.end` that follows a bodiless head
      let path = head.path
      guard path == "/" || path == "/health" else {
        return fail(
          404, "no such path; POST or PUT uploads to any path", head: head, then: head.keepAlive ? .keepAlive : .close)
      }
      var answer = UploadAnswer(status: 200)
      answer.method = head.method
      answer.path = String(path)
      answer.contentEncoding = HTTPContentCoding.supported(with: configuration.dictionaries).joined(separator: ", ")
      let after: After = head.keepAlive && !isStopping() ? .keepAlive : .close
      respond(HTTPResponse(answer: answer, closes: after != .keepAlive), head: head)
      log(head, answer)
      return after
    default:
      var response = HTTPResponse(
        answer: UploadAnswer(status: 405, error: "method \(head.method) is not served"), closes: true)
      response.fields.append(("Allow", "GET, HEAD, POST, PUT"))
      respond(response, head: head)
      return .lingerAndClose
    }
  }

  private func receiveUpload(_ head: HTTPRequestHead, start: UInt64, wireBytes headWireBytes: Int) -> After {
    var wireBytes = headWireBytes
    switch head.framing {
    case .none:
      return fail(411, "an upload needs Content-Length or Transfer-Encoding: chunked", head: head)
    case .length(let length) where length > limits.maxBodyBytes:
      return fail(413, "the body of \(length) bytes exceeds the limit of \(limits.maxBodyBytes) bytes", head: head)
    default: break
    }
    let decoder: any StreamingDecoder
    do throws(StreamingDecodeError) {
      decoder = try HTTPContentCoding.decoder(
        forHeader: head.value("Content-Encoding"), limits: limits.decode, dictionaries: configuration.dictionaries)
    } catch {
      return failDecoding(error, head: head)
    }
    let digests: DigestFields
    do throws(DigestFields.Malformed) {
      digests = try DigestFields(head: head)
    } catch {
      return fail(400, error.description, head: head)
    }
    var roundTrips = 0
    if head.expectsContinue {
      waitOneRoundTrip(&roundTrips)
      do throws(SystemCallError) { try reader.socket.sendAll(HTTPResponse.continueBytes) } catch { return .close }
    }
    let receiver = UploadBodyReceiver(
      decoder: decoder, digests: digests,
      recording: configuration.recorder?.begin(contentType: head.value("Content-Type")))
    do throws(UploadFailure) {
      try receiveBody(into: receiver, wireBytes: &wireBytes)
      try UploadFailure.wrap { () throws(StreamingDecodeError) in try receiver.finish() }
    } catch {
      switch error {
      case .decoding(let decodeError): return failDecoding(decodeError, head: head)
      case .framing(let parseError): return fail(parseError.status, parseError.description, head: head)
      case .tooLarge: return fail(413, "the body exceeds the limit of \(limits.maxBodyBytes) bytes", head: head)
      case .timedOut: return fail(408, "the body stalled for \(limits.bodyTimeoutSeconds) s", head: head)
      case .clientLeft: return .close
      }
    }
    let receiveNanoseconds = Deadline.now() - start
    waitOneRoundTrip(&roundTrips)
    let digest = receiver.digestResult()
    var answer = UploadAnswer(status: digest.verdict == "mismatch" ? 400 : 200)
    answer.method = head.method
    answer.path = String(head.path)
    answer.contentEncoding = HTTPContentCoding.codings(fromHeader: head.value("Content-Encoding")).joined(
      separator: ", ")
    if answer.contentEncoding?.isEmpty ?? true { answer.contentEncoding = "identity" }
    answer.wireBytes = wireBytes
    answer.headBytes = head.wireBytes
    answer.receivedBytes = receiver.receivedBytes
    answer.decodedBytes = decoder.producedBytes
    answer.digest = digest.verdict
    answer.receivedSHA256 = digest.received
    answer.decodedSHA256 = digest.decoded
    answer.decodeMs = Deadline.milliseconds(receiver.decodeNanoseconds)
    answer.hashMs = Deadline.milliseconds(receiver.hashNanoseconds)
    answer.receiveMs = Deadline.milliseconds(receiveNanoseconds)
    answer.roundTrips = roundTrips
    if digest.verdict == "mismatch" { answer.error = "the body does not match the digest the request announced" }
    if digest.verdict != "mismatch" { receiver.recordVerifiedBody(head, contentEncoding: answer.contentEncoding) }
    let after: After = head.keepAlive && !isStopping() ? .keepAlive : .close
    respond(HTTPResponse(answer: answer, closes: after != .keepAlive), head: head)
    log(head, answer)
    return after
  }

  /// Feeds body events to the receiver until the parser reports the end of the request.
  private func receiveBody(into receiver: UploadBodyReceiver, wireBytes: inout Int) throws(UploadFailure) {
    while true {
      let event = try UploadFailure.wrap { () throws(HTTPParseError) in try nextEvent(counting: &wireBytes) }
      switch event {
      case .body(let range):
        guard receiver.receivedBytes + range.count <= limits.maxBodyBytes else { throw .tooLarge }
        let bytes = UnsafeRawBufferPointer(rebasing: reader.pending[range])
        try UploadFailure.wrap { () throws(StreamingDecodeError) in try receiver.consume(bytes) }
      case .end:
        return
      case .needMoreData:
        switch reader.fill(timeoutSeconds: limits.bodyTimeoutSeconds) {
        case .data: continue
        case .closed: throw .clientLeft
        case .timedOut: throw .timedOut
        }
      case .head:
        preconditionFailure("the parser reports one head per request")
      }
    }
  }

  // MARK: - Helpers

  private func nextEvent(counting wireBytes: inout Int) throws(HTTPParseError) -> HTTPRequestParser.Event {
    let before = reader.offset
    defer { wireBytes += reader.offset - before }
    return try parser.next(reader.pending, offset: &reader.offset)
  }

  /// The emulated round trip: the response (or `100 Continue`) leaves one RTT after the request.
  private func waitOneRoundTrip(_ roundTrips: inout Int) {
    let latency = configuration.link.latencyMilliseconds
    guard latency > 0 else { return }
    roundTrips += 1
    LinkPacer.sleep(until: Deadline.now() + UInt64(latency * 1e6))
  }

  private func failDecoding(_ error: StreamingDecodeError, head: HTTPRequestHead) -> After {
    switch error {
    case .unsupportedCoding:
      var answer = UploadAnswer(status: 415, error: error.description)
      answer.method = head.method
      answer.path = String(head.path)
      var response = HTTPResponse(answer: answer, closes: true)
      response.fields.append(
        ("Accept-Encoding", HTTPContentCoding.supported(with: configuration.dictionaries).joined(separator: ", ")))
      respond(response, head: head)
      return .lingerAndClose
    case .decodedTooLarge, .ratioTooHigh: return fail(413, error.description, head: head)
    case .corrupt, .truncated: return fail(400, error.description, head: head)
    case .library: return fail(500, error.description, head: head)
    }
  }

  /// Answers an error with a JSON body and ends the connection (by default draining first).
  private func fail(_ status: Int, _ message: String, head: HTTPRequestHead?, then after: After = .lingerAndClose)
    -> After
  {
    var answer = UploadAnswer(status: status, error: message)
    answer.method = head?.method
    answer.path = head.map { String($0.path) }
    respond(HTTPResponse(answer: answer, closes: after != .keepAlive), head: head)
    if let head { log(head, answer) } else { configuration.log?("- - \(status) \(message)") }
    return after
  }

  private func respond(_ response: HTTPResponse, head: HTTPRequestHead?) {
    var response = response
    // An HTTP/1.0 client keeps the connection only when the response says so.
    if head?.minorVersion == 0, !response.closes { response.fields.append(("Connection", "keep-alive")) }
    let bytes = response.serialized(omitBody: head?.method == "HEAD")
    try? reader.socket.sendAll(bytes)
  }

  private func log(_ head: HTTPRequestHead, _ answer: UploadAnswer) {
    guard let log = configuration.log else { return }
    var line = "\(head.method) \(head.target) \(answer.status)"
    if let received = answer.receivedBytes, let decoded = answer.decodedBytes {
      line += " \(answer.contentEncoding ?? "identity") \(received) -> \(decoded) bytes"
      line +=
        " decode \(answer.decodeMs ?? 0) ms, receive \(answer.receiveMs ?? 0) ms, digest \(answer.digest ?? "none")"
    }
    if let error = answer.error { line += ": \(error)" }
    log(line)
  }
}

/// Why a body could not be received, collected from the layers below into one typed error.
enum UploadFailure: Error {
  case decoding(StreamingDecodeError)
  case framing(HTTPParseError)
  case tooLarge
  case timedOut
  case clientLeft

  static func wrap<T>(_ body: () throws(StreamingDecodeError) -> T) throws(UploadFailure) -> T {
    do { return try body() } catch { throw .decoding(error) }
  }

  static func wrap<T>(_ body: () throws(HTTPParseError) -> T) throws(UploadFailure) -> T {
    do { return try body() } catch { throw .framing(error) }
  }
}
