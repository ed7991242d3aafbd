import CZlib
import Foundation
import TestSupport

/// Bodies for decoder and server tests: compressed by the system tools (outside judges) or by
/// zlib directly, and a gzip bomb built without ever holding or compressing its decoded size.
enum TestBodies {
  /// A JSON-ish text of about `bytes` bytes that compresses like event batches do.
  static func json(bytes: Int) -> [UInt8] {
    var text = "["
    var index = 0
    while text.utf8.count < bytes {
      text += "{\"event\":\"page_view\",\"id\":\(index),\"user\":\"u\(index % 97)\",\"ms\":\(index * 37 % 1000)},"
      index += 1
    }
    text.removeLast()
    return Array((text + "]").utf8)
  }

  /// Compresses with a system tool (`gzip -c`, `zstd -c`, `brotli -c`); nil when it is absent.
  static func compress(_ bytes: [UInt8], with tool: String, arguments: [String] = ["-c"]) -> [UInt8]? {
    guard ProcessRunner.isAvailable(tool),
      let output = try? ProcessRunner.run(tool, arguments: arguments, stdin: bytes), output.succeeded
    else { return nil }
    return output.stdout
  }

  /// zlib's own streams: `windowBits` 31 for gzip, 15 for zlib, -15 for raw DEFLATE.
  static func deflate(_ bytes: [UInt8], windowBits: Int32, level: Int32 = 6) -> [UInt8] {
    var stream = z_stream()
    precondition(deflatebench_deflateInit2(&stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY) == Z_OK)
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
    var input = bytes
    let written = input.withUnsafeMutableBytes { source in
      output.withUnsafeMutableBytes { target in
        stream.next_in = source.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(target.count)
        precondition(zlibDeflate(&stream, Z_FINISH) == Z_STREAM_END)
        return target.count - Int(stream.avail_out)
      }
    }
    return Array(output[..<written])
  }

  /// A single gzip member that decodes to `blocks` MiB of zeros, made in milliseconds.
  ///
  /// One MiB of zeros is compressed once with `Z_FULL_FLUSH`, which ends byte-aligned and
  /// forgets the history, so the same bytes are a valid continuation any number of times. The
  /// member is header + that piece `blocks` times + a final empty block + CRC-32 and ISIZE,
  /// exactly what streaming 2 GB of zeros through deflate would give, without the CPU time.
  static func gzipBombOfZeros(mebibytes blocks: Int) -> [UInt8] {
    let zeros = [UInt8](repeating: 0, count: 1 << 20)
    var stream = z_stream()
    precondition(deflatebench_deflateInit2(&stream, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) == Z_OK)
    defer { deflateEnd(&stream) }
    var piece = [UInt8](repeating: 0, count: 1 << 16)
    var input = zeros
    let pieceLength = input.withUnsafeMutableBytes { source in
      piece.withUnsafeMutableBytes { target in
        stream.next_in = source.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(target.count)
        precondition(zlibDeflate(&stream, Z_FULL_FLUSH) == Z_OK && stream.avail_in == 0)
        return target.count - Int(stream.avail_out)
      }
    }
    var crc = crc32(0, nil, 0)
    zeros.withUnsafeBytes { buffer in
      for _ in 0..<blocks {
        crc = crc32(crc, buffer.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt(buffer.count))
      }
    }
    let size = UInt32(truncatingIfNeeded: blocks << 20)
    var member: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]
    member.reserveCapacity(10 + pieceLength * blocks + 16)
    for _ in 0..<blocks { member += piece[..<pieceLength] }
    // A final fixed-Huffman block holding only end-of-block: bits 1 (BFINAL), 01 (fixed), 0000000.
    member += [0x03, 0x00]
    for shift in stride(from: 0, to: 32, by: 8) {
      member.append(UInt8(truncatingIfNeeded: UInt32(crc) >> UInt32(shift)))
    }
    for shift in stride(from: 0, to: 32, by: 8) { member.append(UInt8(truncatingIfNeeded: size >> UInt32(shift))) }
    return member
  }
}

/// `deflate` collides with nothing in Swift, but reads better with its library named.
private func zlibDeflate(_ stream: UnsafeMutablePointer<z_stream>, _ flush: Int32) -> Int32 {
  CZlib.deflate(stream, flush)
}
