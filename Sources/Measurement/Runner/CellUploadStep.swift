import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchResults
import DeflateBenchSupport
import Foundation

/// A cell's verified compressed payloads, handed to a `CellUploadStep`.
public struct CompressedCell: Sendable {
  public let key: CellKey
  public let container: Container
  /// The request bodies before compression, in order: the payload set's own (no copy).
  public let originals: PayloadBodies
  /// The same bodies as the backend compressed them, in the same order: from a run, views of
  /// the measured output arena (no copy), so an upload holds no compressed body of its own.
  public let compressed: [Data]

  public init(key: CellKey, container: Container, originals: PayloadBodies, compressed: [Data]) {
    self.key = key
    self.container = container
    self.originals = originals
    self.compressed = compressed
  }

  public init(key: CellKey, container: Container, originals: [[UInt8]], compressed: [[UInt8]]) {
    self.init(
      key: key, container: container, originals: PayloadBodies(originals), compressed: compressed.map { Data($0) })
  }
}

/// Why an upload step failed a cell: the server's answer did not match, or the request failed.
public struct UploadStepError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

/// The hook `run --upload` plugs into. The runner calls it once per cell, on the cell's first
/// visit, after its outputs were verified and after that visit's timing, so network activity
/// never falls inside a timed batch. A thrown error fails the cell (and the run, with exit 1).
public protocol CellUploadStep: AnyObject {
  func upload(_ cell: CompressedCell) throws(UploadStepError) -> UploadMeasurement
}

/// A cell's streaming form, handed to a `StreamingUploadStep`: what it needs to compress each
/// payload again while sending it, and the streamed sizes the runner measured to check against.
public struct StreamingUploadCell: Sendable {
  public let key: CellKey
  public let backend: any CompressionBackend
  public let level: Int
  public let container: Container
  public let chunkBytes: Int
  /// The request bodies before compression, in order: the payload set's own (no copy).
  public let originals: PayloadBodies
  /// Streamed bytes per payload from the runner's own pass (streaming is deterministic).
  public let streamedBytes: [Int]
  /// The streaming compress speed the runner measured (bytes of input per second), for the model.
  public let compressBytesPerSecond: Double?
}

/// The hook for streaming uploads: called once per streaming form of a cell, on its first visit
/// and after its timing. A thrown error fails the cell.
public protocol StreamingUploadStep: AnyObject {
  func uploadStreaming(_ cell: StreamingUploadCell) throws(UploadStepError) -> StreamingUploadMeasurement
}
