import Foundation
import TestSupport
import Testing

/// The README and the pages in docs/ point at files and sections that exist: every relative link
/// resolves, every `#anchor` names a heading of its page (as GitHub spells heading anchors), and
/// docs/README.md, the index, lists every page and every `##` section of it.
@Suite("Documentation links resolve")
struct DocumentationLinkTests {
  let root = DeflateBenchExecutable.packageRoot

  /// The Markdown a reader opens from the front door.
  var pages: [URL] {
    get throws {
      let docs = root.appendingPathComponent("docs")
      let pages = try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "md" }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
      return [root.appendingPathComponent("README.md"), root.appendingPathComponent("Corpora/README.md")] + pages
    }
  }

  /// The text outside fenced code blocks and inline code spans, where `[x](y)` is not a link.
  static func prose(_ text: String) -> [String] {
    var inFence = false
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if !inFence { lines.append(String(line.replacing(/`[^`]*`/, with: ""))) }
    }
    return lines
  }

  /// GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped,
  /// spaces turned into hyphens; a repeated heading gets `-1`, `-2`, ...
  static func anchors(_ text: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var anchors: Set<String> = []
    var inFence = false
    for line in text.split(separator: "\n") {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence, let match = line.wholeMatch(of: /#{1,6} +(.*?) *#*/) else { continue }
      let slug = String(
        match.1.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }
      ).replacing(" ", with: "-")
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
    }
    return anchors
  }

  /// Each `[text](target)` of a page whose target is inside the repository.
  static func relativeLinks(_ text: String) -> [String] {
    prose(text).flatMap { line in
      line.matches(of: /\]\(<?([^)\s>]+)>?\)/).map { String($0.1) }
    }.filter { !$0.contains("://") && !$0.hasPrefix("mailto:") }
  }

  @Test("every relative link and anchor in README.md, Corpora/README.md and docs/ resolves")
  func linksResolve() throws {
    var checked = 0
    for page in try pages {
      let text = try String(contentsOf: page, encoding: .utf8)
      for link in Self.relativeLinks(text) {
        checked += 1
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(parts[0])
        let name = "\(page.lastPathComponent): \(link)"
        guard FileManager.default.fileExists(atPath: target.standardizedFileURL.path) else {
          Issue.record("\(name): no such file")
          continue
        }
        if parts.count == 2, target.pathExtension == "md" {
          let anchors = Self.anchors(try String(contentsOf: target, encoding: .utf8))
          #expect(anchors.contains(parts[1]), "\(name): no heading with that anchor")
        }
      }
    }
    #expect(checked > 100)
  }

  @Test("docs/README.md lists every page in docs/ and every ## section of each")
  func indexListsEveryPageAndSection() throws {
    let index = try String(contentsOf: root.appendingPathComponent("docs/README.md"), encoding: .utf8)
    let listed = Set(Self.relativeLinks(index))
    for page in try pages where page.deletingLastPathComponent().lastPathComponent == "docs" {
      let name = page.lastPathComponent
      guard name != "README.md" else { continue }
      #expect(listed.contains(name), "docs/README.md does not list \(name)")
      let text = try String(contentsOf: page, encoding: .utf8)
      var inFence = false
      for line in text.split(separator: "\n") {
        if line.hasPrefix("```") { inFence.toggle() }
        guard !inFence, line.hasPrefix("## "), let anchor = Self.anchors(String(line)).first else { continue }
        #expect(listed.contains("\(name)#\(anchor)"), "docs/README.md does not list \(name)#\(anchor)")
      }
    }
  }

  @Test("GitHub's anchor spelling")
  func anchorSpelling() {
    #expect(Self.anchors("## `serve --record`") == ["serve---record"])
    #expect(
      Self.anchors("## report.html: the verdict you can move the sliders on") == [
        "reporthtml-the-verdict-you-can-move-the-sliders-on"
      ])
    #expect(Self.anchors("## Limits\n## Limits") == ["limits", "limits-1"])
    #expect(Self.anchors("```\n## not a heading\n```") == [])
  }
}
