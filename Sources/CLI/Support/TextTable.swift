/// Left-aligned plain-text columns for terminal output.
enum TextTable {
  static func render(header: [String], rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { index, cell in
        index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
      }
      return padded.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }
    return ([line(header), line(rule)] + rows.map(line)).joined(separator: "\n") + "\n"
  }
}
