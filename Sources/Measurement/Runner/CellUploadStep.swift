import DeflateBenchCodecs

/// A cell's verified compressed payloads, handed to a `CellUploadStep`.
public struct CompressedCell: Sendable {
  public let key: CellKey
  public let container: Container
  /// The request bodies before compression, in order.
  public let originals: [[UInt8]]
  /// The same bodies as the backend compressed them, in the same order.
  public let compressed: [[UInt8]]

  public init(key: CellKey, container: Container, originals: [[UInt8]], compressed: [[UInt8]]) {
    self.key = key
    self.container = container
    self.originals = originals
    self.compressed = compressed
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
