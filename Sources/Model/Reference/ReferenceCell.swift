import DeflateBenchResults

/// A setting other cells are measured against: `compare`'s relative mode divides every cell's
/// speed by it (the same corpus, split and container where the reference backend writes it), and
/// the reports and the verdict name it beside their picks. `default`, zlib 6, is the one place
/// the project spells its reference.
public struct ReferenceCell: Sendable, Equatable, CustomStringConvertible {
  public var backend: String
  public var level: Int
  public var threads: Int

  public init(backend: String, level: Int, threads: Int = 1) {
    self.backend = backend
    self.level = level
    self.threads = threads
  }

  /// zlib level 6 single-threaded: the DEFLATE everyone has, at its default level.
  public static let `default` = ReferenceCell(backend: "zlib", level: 6, threads: 1)

  /// Whether `cell` is this setting itself: its backend and level without a dictionary, in any
  /// corpus, split, container or thread count (a dictionary cell of zlib 6 is another setting).
  public func isSetting(of cell: CellResult) -> Bool {
    cell.backend == backend && cell.level == level && cell.dictionary == nil
  }

  /// Parses `BACKEND:LEVEL` or `BACKEND:LEVEL:THREADS`, as `--reference` takes it.
  public init?(parsing text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, !parts[0].isEmpty, let level = Int(parts[1]) else { return nil }
    var threads = 1
    if parts.count == 3 {
      guard let value = Int(parts[2]), value > 0 else { return nil }
      threads = value
    }
    self.init(backend: String(parts[0]), level: level, threads: threads)
  }

  public var description: String { "\(backend) level \(level) threads \(threads)" }

  /// The setting as the reports name it: "zlib 6".
  public var label: String { "\(backend) \(level)" }
}
