import Testing

@testable import DeflateBenchCorpora

/// `FileName` keeps any bytes a file system gives as a name, exactly, and shows the ones that are
/// not UTF-8 escaped.
@Suite("file names that are not UTF-8")
struct FileNameTests {
  @Test("bytes survive the round trip, including names that use the reserved block themselves")
  func roundTrip() {
    let reservedInUTF8 = Array("\u{10FF41}".utf8)
    let samples: [[UInt8]] = [
      Array("plain.json".utf8), Array("café.json".utf8), [0x63, 0x61, 0x66, 0xE9], [0xFF, 0xFE, 0x80],
      [0xC3], [0xED, 0xA0, 0x80], reservedInUTF8, reservedInUTF8 + [0xE9],
    ]
    for bytes in samples {
      #expect(FileName.bytes(of: FileName.name(bytes)) == bytes, "\(bytes)")
    }
    #expect(FileName.name(Array("café.json".utf8)) == "café.json")
    #expect(!FileName.isEscaped("café.json"))
  }

  @Test("only the bytes that are not UTF-8 are shown as \\xNN")
  func display() {
    #expect(FileName.display(FileName.name([0x63, 0x61, 0x66, 0xE9] + Array("é".utf8))) == "caf\\xE9é")
    #expect(FileName.display(FileName.name([0x0A, 0xFF])) == "\n\\xFF")
  }
}
