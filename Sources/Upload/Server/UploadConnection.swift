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
  /// Tells the server whether this connection waits for a request head (nothing yet, or a head
  /// not yet complete), and since when: such a connection may be evicted, oldest first, when
  /// the connection limit is reached; nil once a head is complete.
  private let setIdle: @Sendable (UInt64?) -> Void
  private var parser: HTTPRequestParser
  private var limits: ServerLimits { configuration.limits }
  /// When the connection was accepted: its first request head must be complete within the
  /// header timeout from here, so a client that connects and sends nothing is closed too.
  private let acceptedAt: UInt64
  private var requestsStarted = 0

  init(
    socket: Socket, acceptedAt: UInt64, configuration: ServerConfiguration, pacer: LinkPacer?,
    isStopping: @escaping @Sendable () -> Bool, setIdle: @escaping @Sendable (UInt64?) -> Void = { _ in }
  ) {
    reader = ConnectionReader(socket: socket, bufferBytes: configuration.readBufferBytes, pacer: pacer)
    self.acceptedAt = acceptedAt
    self.configuration = configuration
    self.isStopping = isStopping
    self.setIdle = setIdle
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
    // The head gets `headerTimeoutSeconds`: from accept for a connection's first request, from
    // its first byte for a later one (until then the connection is idle and waits quietly).
    var headClockStart: UInt64? = requestsStarted == 0 ? acceptedAt : nil
    requestsStarted += 1
    let head: HTTPRequestHead
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
      if let headClockStart {
        timeout = limits.headerTimeoutSeconds - Deadline.secondsSince(headClockStart)
        if timeout <= 0 { return headTimedOut(idle: idle) }
      }
      // Waiting for a head, complete or not, holds a slot another client may need: the server
      // may evict it, oldest first (by when this head started), so partial heads sent slowly
      // and renewed cannot lock out real uploads (issue #25, M5).
      setIdle(headClockStart ?? Deadline.now())
      let outcome = reader.fill(timeoutSeconds: timeout)
      setIdle(nil)
      switch outcome {
      case .data:
        if firstByteAt == nil { firstByteAt = Deadline.now() }
        if headClockStart == nil { headClockStart = firstByteAt }
      case .closed: return .close
      case .timedOut:
        if idle && requestsStarted > 1 { return .close }
        return headTimedOut(idle: idle)
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
      do throws(DigestFields.Malformed) { try receiver.addTrailers(parser.trailerFields) } catch {
        throw .digestTrailer(error)
      }
    } catch {
      switch error {
      case .digestTrailer(let malformed): return fail(400, malformed.description, head: head)
      case .decoding(let decodeError): return failDecoding(decodeError, head: head)
      case .framing(let parseError): return fail(parseError.status, parseError.description, head: head)
      case .tooLarge: return fail(413, "the body exceeds the limit of \(limits.maxBodyBytes) bytes", head: head)
      case .timedOut: return fail(408, "the body stalled for \(limits.bodyTimeoutSeconds) s", head: head)
      case .tooSlow:
        return fail(
          408, "the body arrived slower than the minimum of \(Int(limits.minBodyBytesPerSecond)) bytes/s", head: head)
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
    if let mismatch = digest.mismatch {
      answer.error = "the body does not match the \(mismatch) digest the request announced"
    }
    if digest.verdict != "mismatch" { receiver.recordVerifiedBody(head, contentEncoding: answer.contentEncoding) }
    let after: After = head.keepAlive && !isStopping() ? .keepAlive : .close
    respond(HTTPResponse(answer: answer, closes: after != .keepAlive), head: head)
    log(head, answer)
    return after
  }

  /// A head that did not arrive in time: 408, or a quiet close for a connection that never sent
  /// a byte (nothing would read the answer).
  private func headTimedOut(idle: Bool) -> After {
    if idle {
      configuration.log?("- - closed a connection that sent nothing for \(limits.headerTimeoutSeconds) s")
      return .close
    }
    return fail(408, "the request head did not arrive within \(limits.headerTimeoutSeconds) s", head: nil, then: .close)
  }

  /// Feeds body events to the receiver until the parser reports the end of the request. Besides
  /// the silence limit, a body must average `minBodyBytesPerSecond` once it has been arriving for
  /// `bodyTimeoutSeconds`, so a client trickling a byte a second cannot hold a connection forever.
  private func receiveBody(into receiver: UploadBodyReceiver, wireBytes: inout Int) throws(UploadFailure) {
    let bodyStart = Deadline.now()
    let wireAtStart = wireBytes
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
        case .data:
          let elapsed = Deadline.secondsSince(bodyStart)
          if limits.minBodyBytesPerSecond > 0, elapsed > limits.bodyTimeoutSeconds,
            Double(wireBytes - wireAtStart) < limits.minBodyBytesPerSecond * elapsed
          {
            throw .tooSlow
          }
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
    case .unsupportedCoding, .tooManyCodings:
      var answer = UploadAnswer(status: 415, error: error.description)
      answer.method = head.method
      answer.path = String(head.path)
      var response = HTTPResponse(answer: answer, closes: true)
      response.fields.append(
        ("Accept-Encoding", HTTPContentCoding.supported(with: configuration.dictionaries).joined(separator: ", ")))
      respond(response, head: head)
      log(head, answer)
      return .lingerAndClose
    case .decodedTooLarge, .ratioTooHigh, .windowTooLarge: return fail(413, error.description, head: head)
    case .memoryBudgetExhausted: return fail(503, error.description, head: head)
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
    // The path only: a query string (api_key=...) or user info must not reach a log file.
    var line = "\(head.method) \(head.path) \(answer.status)"
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
  case tooSlow
  case clientLeft
  /// A digest sent as a trailer that is malformed or was not announced (400).
  case digestTrailer(DigestFields.Malformed)

  static func wrap<T>(_ body: () throws(StreamingDecodeError) -> T) throws(UploadFailure) -> T {
    do { return try body() } catch { throw .decoding(error) }
  }

  static func wrap<T>(_ body: () throws(HTTPParseError) -> T) throws(UploadFailure) -> T {
    do { return try body() } catch { throw .framing(error) }
  }
}
