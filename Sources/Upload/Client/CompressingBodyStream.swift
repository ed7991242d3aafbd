import DeflateBenchCodecs
import Foundation

/// A request body that compresses itself as URLSession reads it: each `read` that finds the
/// pending output empty compresses the next chunk of the payload (flushing at its end) and hands
/// out the result. So compression runs in step with the socket: while the kernel and the link
/// carry one chunk, the next is being compressed, and the client never holds more than one chunk
/// of output besides the compressor's own state. URLSession sends a body stream with
/// `Transfer-Encoding: chunked`, since its length is unknown up front.
///
/// Used by one URLSession task at a time; the counters are read after the task has finished.
final class CompressingBodyStream: InputStream {
  private let payload: [UInt8]
  private let compressor: any StreamingCompressor
  private let chunkBytes: Int
  private var nextChunkStart = 0
  private var finished = false
  private var pending: [UInt8] = []
  private var pendingOffset = 0
  private var status: Stream.Status = .notOpen
  /// Compressed bytes handed to URLSession so far.
  private(set) var sentBytes = 0
  /// Why compression stopped, when it failed (URLSession only sees a read error).
  private(set) var failure: CodecError?

  init(payload: [UInt8], compressor: any StreamingCompressor, chunkBytes: Int) {
    self.payload = payload
    self.compressor = compressor
    self.chunkBytes = max(1, chunkBytes)
    super.init(data: Data())
  }

  override func open() {
    do throws(CodecError) {
      try compressor.reset()
      status = .open
    } catch {
      failure = error
      status = .error
    }
  }

  override func close() { status = .closed }
  override var streamStatus: Stream.Status { status }
  override var streamError: Error? { failure }
  override var hasBytesAvailable: Bool { status == .open && (pendingOffset < pending.count || !finished) }

  override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
    guard status == .open else { return status == .atEnd ? 0 : -1 }
    while pendingOffset == pending.count {
      if finished {
        status = .atEnd
        return 0
      }
      compressNextChunk()
      if failure != nil {
        status = .error
        return -1
      }
    }
    let count = min(length, pending.count - pendingOffset)
    pending.withUnsafeBufferPointer { source in
      buffer.update(from: source.baseAddress! + pendingOffset, count: count)
    }
    pendingOffset += count
    sentBytes += count
    return count
  }

  private func compressNextChunk() {
    pending.removeAll(keepingCapacity: true)
    pendingOffset = 0
    let end = min(payload.count, nextChunkStart + chunkBytes)
    let last = end == payload.count
    let start = nextChunkStart
    payload.withUnsafeBytes { bytes in
      do throws(CodecError) {
        try compressor.compress(chunk: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), last: last) {
          pending.append(contentsOf: $0)
        }
      } catch {
        failure = error
      }
    }
    nextChunkStart = end
    finished = last
  }
}
