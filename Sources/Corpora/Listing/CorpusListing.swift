/// Renders payload set summaries for `deflate-bench corpora`: an aligned text table for people
/// and a JSON list for scripts. Both are pure functions of the summaries, so output is the same
/// on every run.
public enum CorpusListing {
  /// A table with a header row:
  /// ```
  /// corpus    kind         split      bytes    payloads  payload bytes  sha256
  /// mixpanel  json-events  events=50  1062384  40        25871-27102    5f1c...
  /// ```
  public static func table(_ summaries: [PayloadSetSummary]) -> String {
    let header = ["corpus", "kind", "split", "bytes", "payloads", "payload bytes", "sha256"]
    let rows = summaries.map {
      [
        $0.name, $0.kind, $0.split, String($0.bytes), String($0.payloads),
        $0.minPayloadBytes == $0.maxPayloadBytes
          ? String($0.minPayloadBytes) : "\($0.minPayloadBytes)-\($0.maxPayloadBytes)",
        $0.sha256,
      ]
    }
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    let table =
      all.map { row in
        row.indices.map { column in
          column == row.count - 1
            ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
      }.joined(separator: "\n") + "\n"
    // Notes (a HAR's endpoints) are sentences, too long for a column: listed under the table.
    let notes = summaries.flatMap { summary in (summary.notes ?? []).map { "\(summary.name)/\(summary.split): \($0)\n" }
    }
    return notes.isEmpty ? table : table + "\n" + notes.joined()
  }

  /// A JSON array of objects with `name`, `kind`, `split`, `bytes`, `payloads`,
  /// `min_payload_bytes`, `max_payload_bytes`, `sha256` and, when there are any, `notes`, one
  /// object per line.
  public static func json(_ summaries: [PayloadSetSummary]) -> String {
    let objects = summaries.map { summary -> String in
      var writer = JSONWriter()
      writer.beginObject()
      writer.field("name", summary.name)
      writer.field("kind", summary.kind)
      writer.field("split", summary.split)
      writer.field("bytes", summary.bytes)
      writer.field("payloads", summary.payloads)
      writer.field("min_payload_bytes", summary.minPayloadBytes)
      writer.field("max_payload_bytes", summary.maxPayloadBytes)
      writer.field("sha256", summary.sha256)
      if let notes = summary.notes {
        writer.key("notes")
        writer.beginArray()
        for note in notes { writer.string(note) }
        writer.endArray()
      }
      writer.endObject()
      return String(decoding: writer.take(), as: UTF8.self)
    }
    return objects.isEmpty ? "[]\n" : "[\n" + objects.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
  }
}
