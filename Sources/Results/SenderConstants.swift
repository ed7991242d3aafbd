/// The constants of Linux's TCP sender the upload model plays after an idle gap (`KernelSender`,
/// Sources/Model/Upload, their home, where each names its source in the kernel), and the queue
/// the model puts at a link, as results.json carries them (`model.sender`) so report.html's
/// sender.js and scripts/kernel_sender.py hold only the algorithm. Times are seconds, windows
/// segments.
public struct SenderConstants: Codable, Sendable, Equatable {
  public var rtoMinSeconds: Double
  public var rtoMaxSeconds: Double
  public var quickAcks: Int
  public var hystartLowWindow: Int
  public var hystartMinSamples: Int
  public var hystartDelayMinSeconds: Double
  public var hystartDelayMaxSeconds: Double
  public var hystartAckDeltaSeconds: Double
  public var hystartAckDelaySeconds: Double
  public var cubicC: Double
  public var cubicCountWithoutLoss: Double
  public var cubicBeta: Double
  public var cubicBetaScale: Double
  public var synBytes: Double
  /// The queue at a link beyond one bandwidth-delay product: this many packets of this size.
  public var queuePackets: Int
  public var queuePacketBytes: Int

  public init(
    rtoMinSeconds: Double, rtoMaxSeconds: Double, quickAcks: Int, hystartLowWindow: Int, hystartMinSamples: Int,
    hystartDelayMinSeconds: Double, hystartDelayMaxSeconds: Double, hystartAckDeltaSeconds: Double,
    hystartAckDelaySeconds: Double, cubicC: Double, cubicCountWithoutLoss: Double, cubicBeta: Double,
    cubicBetaScale: Double, synBytes: Double, queuePackets: Int, queuePacketBytes: Int
  ) {
    self.rtoMinSeconds = rtoMinSeconds
    self.rtoMaxSeconds = rtoMaxSeconds
    self.quickAcks = quickAcks
    self.hystartLowWindow = hystartLowWindow
    self.hystartMinSamples = hystartMinSamples
    self.hystartDelayMinSeconds = hystartDelayMinSeconds
    self.hystartDelayMaxSeconds = hystartDelayMaxSeconds
    self.hystartAckDeltaSeconds = hystartAckDeltaSeconds
    self.hystartAckDelaySeconds = hystartAckDelaySeconds
    self.cubicC = cubicC
    self.cubicCountWithoutLoss = cubicCountWithoutLoss
    self.cubicBeta = cubicBeta
    self.cubicBetaScale = cubicBetaScale
    self.synBytes = synBytes
    self.queuePackets = queuePackets
    self.queuePacketBytes = queuePacketBytes
  }
}
