import DeflateBenchResults

/// The upload model's request as the phone's radio and CPU live it, for the energy model
/// (Sources/Model/Energy): the same terms as `requestTime`, regrouped by what the hardware does
/// during each, so the energy model never keeps a second copy of the timing formula.
extension UploadModel {
  /// One request's timeline, seconds, and the bytes the radio sends.
  public struct Timeline: Sendable, Equatable {
    /// Client CPU compressing the body (and making the compressor, when made per request), on the
    /// device: the radio is not involved yet.
    public var clientCPUSeconds: Double
    /// The radio sending the request: delivery through slow start (`deliverSeconds`).
    public var sendingSeconds: Double
    /// Bytes on the link while sending, packet headers included (`linkBytes`): over
    /// `sendingSeconds` this is the radio's mean uplink throughput, at most the link's rate.
    public var sentLinkBytes: Double
    /// The radio connected but not sending: a cold connection's handshakes, the response's round
    /// trip and the server's decode after the last byte.
    public var waitingSeconds: Double

    public init(clientCPUSeconds: Double, sendingSeconds: Double, sentLinkBytes: Double, waitingSeconds: Double) {
      self.clientCPUSeconds = clientCPUSeconds
      self.sendingSeconds = sendingSeconds
      self.sentLinkBytes = sentLinkBytes
      self.waitingSeconds = waitingSeconds
    }

    /// The mean uplink throughput while sending, Mbit/s (0 for nothing sent).
    public var uplinkMbps: Double { sendingSeconds > 0 ? sentLinkBytes * 8 / sendingSeconds / 1e6 : 0 }
  }

  /// `requestTime`'s request as a timeline: its compress term is the client CPU, its delivery the
  /// sending, and its handshake, response and decode after the last byte the waiting.
  public static func timeline(
    _ request: Request, setupSeconds: Double, link: LinkPreset, device: DeviceClass, parameters: ModelParameters
  ) -> Timeline {
    let parts = requestTime(request, setupSeconds: setupSeconds, link: link, device: device, parameters: parameters)
    let sent = linkBytes(requestBytes(request, parameters: parameters), transport: HTTPFraming.transport(parameters))
    return Timeline(
      clientCPUSeconds: parts.compress, sendingSeconds: parts.deliver, sentLinkBytes: parts.deliver > 0 ? sent : 0,
      waitingSeconds: parts.handshake + parts.response + parts.decode)
  }
}
