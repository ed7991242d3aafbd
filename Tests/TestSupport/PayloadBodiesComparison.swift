import DeflateBenchCorpora

// A payload set's bodies are slices of shared chunks (`PayloadBodies`); tests compare them with
// the arrays they expect, byte for byte, as if the set held arrays.

public func == (lhs: PayloadBodies, rhs: [[UInt8]]) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.elementsEqual($1) }
}

public func == (lhs: [[UInt8]], rhs: PayloadBodies) -> Bool { rhs == lhs }

public func == (lhs: ArraySlice<UInt8>, rhs: [UInt8]) -> Bool { lhs.elementsEqual(rhs) }

public func == (lhs: [UInt8], rhs: ArraySlice<UInt8>) -> Bool { rhs.elementsEqual(lhs) }
