import DeflateBenchModel
import DeflateBenchResults

extension MarkdownReport {
  /// Every dictionary the run measured with: its identity, where it came from (the training
  /// sample), and the payload sets it was measured on, so a reader can check the two never met.
  static func dictionariesSection(_ cells: [SummarizedCell]) -> String? {
    var measuredOn: [String: (record: DictionaryRecord, sets: [String])] = [:]
    for cell in cells.map(\.cell) {
      guard let record = cell.dictionary else { continue }
      let key = record.name + record.sha256
      var entry = measuredOn[key] ?? (record, [])
      let label = "\(cell.payloadSetLabel) (\(cell.payloads) payloads)"
      if !entry.sets.contains(label) { entry.sets.append(label) }
      measuredOn[key] = entry
    }
    guard !measuredOn.isEmpty else { return nil }
    var text = "## Dictionaries\n\n"
    text += "Dictionary cells need the same dictionary on the server (`serve --dictionary`). A dictionary is never "
    text += "measured on the payloads it was trained on.\n\n"
    var table = MarkdownTable(
      headers: ["Dictionary", "Bytes", "SHA-256", "Origin (training sample)", "Measured on"],
      alignments: [.left, .right, .left, .left, .left])
    for (_, entry) in measuredOn.sorted(by: { $0.key < $1.key }) {
      table.append([
        MarkdownText.plain(entry.record.name), String(entry.record.bytes), "`\(entry.record.sha256.prefix(16))…`",
        MarkdownText.plain(entry.record.origin ?? "—"), MarkdownText.plain(entry.sets.joined(separator: ", ")),
      ])
    }
    return text + table.render()
  }
}
