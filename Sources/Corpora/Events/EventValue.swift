/// A typed value of a generated event (an analytics property, an OTLP log attribute), kept
/// typed until a profile writes it in its own format: plain JSON for the analytics profiles
/// (`JSONWriter.field`), an `AnyValue` object for OTLP (`OTLPLogsGenerator.writeAttributes`).
enum EventValue: Sendable {
  case string(String)
  case int(Int)
  /// A decimal from a scaled integer: `.decimal(4999, 2)` is 49.99.
  case decimal(Int, Int)
  case bool(Bool)
}

extension JSONWriter {
  mutating func field(_ name: String, _ value: EventValue) {
    key(name)
    switch value {
    case .string(let text): string(text)
    case .int(let number): int(number)
    case .decimal(let scaled, let decimals): fixed(scaled, decimals: decimals)
    case .bool(let flag): bool(flag)
    }
  }
}
