import Foundation

/// The pages whose marked blocks `FigureGenerator` writes: README.md and every page of docs/.
enum QuotedFigurePages {
  /// Package-relative paths of README.md and docs/*.md, sorted.
  static func all(root: URL) throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return ["README.md"] + docs
  }

  /// A page's text with every block as the generator writes it now.
  static func regenerated(_ text: String, generator: inout FigureGenerator) throws -> String {
    try FigureBlocks.replacing(in: text) { try generator.render($0) }
  }

  /// One line per block of `text` whose content is not what the generator writes now.
  static func staleBlocks(_ text: String, page: String, generator: inout FigureGenerator) throws -> [String] {
    try FigureBlocks.blocks(in: text).compactMap { block in
      let rendered = try generator.render(block)
      guard !FigureBlocks.matches(block, rendered) else { return nil }
      return
        "\(page):\(block.line): '\(block.kind) \(block.folder)' says\n\(block.content.trimmingCharacters(in: .whitespacesAndNewlines))\n"
        + "but \(block.folder) gives\n\(rendered)"
    }
  }
}
