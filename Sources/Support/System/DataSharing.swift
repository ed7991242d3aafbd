import Foundation

extension Data {
  /// `Data` over the array's own storage, without a copy: for handing a large payload to an API
  /// that takes `Data` (URLSession) without holding it twice. The deallocator keeps the array
  /// alive, and an array that is never mutated keeps its storage where it is.
  public init(sharing bytes: [UInt8]) {
    guard !bytes.isEmpty else {
      self.init()
      return
    }
    let base = bytes.withUnsafeBytes { UnsafeMutableRawPointer(mutating: $0.baseAddress!) }
    self.init(bytesNoCopy: base, count: bytes.count, deallocator: .custom { _, _ in withExtendedLifetime(bytes) {} })
  }

  /// `Data` over a slice's storage, without a copy, as `init(sharing:)` for an array: a body of
  /// a payload set is a slice of one of the set's chunks, which the deallocator keeps alive.
  public init(sharing bytes: ArraySlice<UInt8>) {
    guard !bytes.isEmpty else {
      self.init()
      return
    }
    let base = bytes.withUnsafeBytes { UnsafeMutableRawPointer(mutating: $0.baseAddress!) }
    self.init(bytesNoCopy: base, count: bytes.count, deallocator: .custom { _, _ in withExtendedLifetime(bytes) {} })
  }
}
