import DeflateBenchSupport

/// Generated binary corpora. Each kind stands for a class of real upload with a different
/// compressibility: from none (random) through structured (records, image, sparse) to total
/// (zeros). All arithmetic is integer or IEEE single-precision add/multiply, so the bytes are
/// the same on every platform.
enum BinaryGenerator {
  static func generate(_ profile: BinaryProfile, bytes: Int, seed: UInt64) -> [UInt8] {
    var rng = Xoshiro256StarStar(seed: seed, stream: "binary-" + profile.rawValue)
    switch profile {
    case .random:
      return [UInt8](unsafeUninitializedCapacity: bytes) { buffer, initialized in
        rng.fill(UnsafeMutableRawBufferPointer(buffer))
        initialized = bytes
      }
    case .zeros:
      return [UInt8](repeating: 0, count: bytes)
    case .sparse:
      return sparse(bytes: bytes, rng: &rng)
    case .records:
      return records(bytes: bytes, rng: &rng)
    case .image:
      return image(bytes: bytes, rng: &rng)
    }
  }

  /// 4 KiB pages, about a quarter in use: a page header, then rows of small integers and a few
  /// random bytes up to a random fill level, then zeros, like a database file or disk image
  /// with free space.
  private static func sparse(bytes: Int, rng: inout Xoshiro256StarStar) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: bytes)
    let pageSize = 4096
    var page = 0
    while page * pageSize < bytes {
      let start = page * pageSize
      let end = min(bytes, start + pageSize)
      if rng.chance(25) {
        let used = min(end - start, rng.int(in: 256...pageSize))
        var offset = start
        let header: [UInt8] = [
          0x0D, 0, UInt8(truncatingIfNeeded: page), UInt8(truncatingIfNeeded: page >> 8),
          UInt8(truncatingIfNeeded: used), UInt8(truncatingIfNeeded: used >> 8),
        ]
        for byte in header where offset < end {
          output[offset] = byte
          offset += 1
        }
        while offset < start + used {
          output[offset] = rng.chance(55) ? UInt8(rng.int(in: 0...15)) : UInt8(truncatingIfNeeded: rng.next())
          offset += 1
        }
      }
      page += 1
    }
    return output
  }

  /// 32-byte little-endian telemetry rows: a microsecond timestamp that moves forward with
  /// jitter, a device id from a small skewed set, a metric type, status and flags, two floats
  /// that random-walk per device, a counter and a slowly draining battery voltage.
  private static func records(bytes: Int, rng: inout Xoshiro256StarStar) -> [UInt8] {
    let deviceIds = (0..<64).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
    let devicePopularity = WeightedTable.zipf(count: deviceIds.count, flatten: 2)
    let metricPopularity = WeightedTable.zipf(count: 12)
    var values = [Float](repeating: 50, count: deviceIds.count)
    var temperatures = [Float](repeating: 21.5, count: deviceIds.count)
    var counters = [UInt32](repeating: 0, count: deviceIds.count)
    var millivolts = [UInt16](repeating: 4150, count: deviceIds.count)
    var timestamp: UInt64 = 1_718_006_400_000_000 + rng.next(below: 86_400_000_000)
    var output: [UInt8] = []
    output.reserveCapacity(bytes + 32)
    while output.count < bytes {
      timestamp += 900 + rng.next(below: 200)
      let device = devicePopularity.draw(&rng)
      values[device] += Float(rng.int(in: -50...50)) / 100
      temperatures[device] += Float(rng.int(in: -3...3)) / 20
      counters[device] &+= 1
      if rng.chance(2) && millivolts[device] > 3300 { millivolts[device] -= 1 }
      appendLittleEndian(&output, timestamp)
      appendLittleEndian(&output, deviceIds[device])
      appendLittleEndian(&output, UInt16(metricPopularity.draw(&rng)))
      output.append(rng.chance(97) ? 0 : UInt8(rng.int(in: 1...4)))
      output.append(rng.pick([0x01, 0x01, 0x03, 0x05]))
      appendLittleEndian(&output, values[device].bitPattern)
      appendLittleEndian(&output, temperatures[device].bitPattern)
      appendLittleEndian(&output, counters[device])
      appendLittleEndian(&output, millivolts[device])
      appendLittleEndian(&output, UInt16(0))
    }
    output.removeLast(output.count - bytes)
    return output
  }

  /// Raw 8-bit RGB, 640 pixels a row: a diagonal colour gradient with a few soft round blobs
  /// and ±3 levels of noise, like an uncompressed photo of a smooth scene.
  private static func image(bytes: Int, rng: inout Xoshiro256StarStar) -> [UInt8] {
    let width = 640
    let rowBytes = width * 3
    let height = max(1, (bytes + rowBytes - 1) / rowBytes)
    let blobs = (0..<6).map { _ in
      (
        x: rng.int(in: 0...width), y: rng.int(in: 0...height), radius: rng.int(in: 40...220),
        color: (rng.int(in: 0...255), rng.int(in: 0...255), rng.int(in: 0...255))
      )
    }
    let corners = (0..<4).map { _ in (rng.int(in: 0...255), rng.int(in: 0...255), rng.int(in: 0...255)) }
    var output: [UInt8] = []
    output.reserveCapacity(height * rowBytes)
    for y in 0..<height {
      for x in 0..<width {
        // Bilinear blend of the four corner colours, in 1/65536ths.
        let fx = x * 256 / width
        let fy = y * 256 / max(1, height)
        var channels = [0, 0, 0]
        for channel in 0..<3 {
          let top = component(corners[0], channel) * (256 - fx) + component(corners[1], channel) * fx
          let bottom = component(corners[2], channel) * (256 - fx) + component(corners[3], channel) * fx
          channels[channel] = (top * (256 - fy) + bottom * fy) >> 16
        }
        for blob in blobs {
          let dx = x - blob.x
          let dy = y - blob.y
          let r2 = blob.radius * blob.radius
          let d2 = dx * dx + dy * dy
          guard d2 < r2 else { continue }
          let weight = (r2 - d2) * 256 / r2
          for channel in 0..<3 {
            channels[channel] = (channels[channel] * (256 - weight) + component(blob.color, channel) * weight) >> 8
          }
        }
        for channel in 0..<3 {
          let noise = rng.int(in: -3...3)
          output.append(UInt8(clamping: channels[channel] + noise))
        }
      }
    }
    output.removeLast(output.count - bytes)
    return output
  }

  private static func component(_ color: (Int, Int, Int), _ channel: Int) -> Int {
    channel == 0 ? color.0 : channel == 1 ? color.1 : color.2
  }

  private static func appendLittleEndian<T: FixedWidthInteger>(_ output: inout [UInt8], _ value: T) {
    var remaining = value.littleEndian
    withUnsafeBytes(of: &remaining) { output.append(contentsOf: $0) }
  }
}
