import DeflateBenchSupport

/// A catalogue written as an aligned text table: one row a line, columns separated by `|`,
/// cells trimmed, blank lines skipped. A device or a locale then reads as one line of data
/// instead of a six-line initializer call, and the columns line up for review.
///
/// The tables are constants of the program, so a row with the wrong number of cells or a number
/// that does not parse is a programming error: it stops at the first use, which the first test
/// that generates a corpus reaches.
struct CatalogRow {
  let cells: [String]

  subscript(column: Int) -> String { cells[column] }

  func int(_ column: Int) -> Int {
    guard let value = Int(cells[column]) else {
      preconditionFailure("catalogue row \(cells): column \(column) is not a whole number")
    }
    return value
  }

  static func rows(_ table: String, columns: Int) -> [CatalogRow] {
    table.split(separator: "\n").compactMap { line in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimming(characters: " ") }
      if cells == [""] { return nil }
      precondition(cells.count == columns, "catalogue row \"\(line)\" has \(cells.count) cells, not \(columns)")
      return CatalogRow(cells: cells)
    }
  }
}

extension ZipfVocabulary {
  /// A vocabulary from a `CatalogRow` table, rows in popularity order.
  init(table: String, columns: Int, flatten: Int = 0, _ element: (CatalogRow) -> Element) {
    self.init(CatalogRow.rows(table, columns: columns).map(element), flatten: flatten)
  }
}
