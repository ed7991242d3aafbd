import DeflateBenchResults

/// The names and nested records of a cell, held to the form a run writes them in. Names reach
/// report.md, report.html and results.csv as they are, so one a run could not have written
/// (`<script>`, an empty version, a sentence for a decoder) is refused where it is read.
extension CellSanity {
  /// A library name: lower-case letters, digits and dashes (`zlib-ng`).
  static func isLibraryName<S: StringProtocol>(_ text: S) -> Bool {
    (1...32).contains(text.count)
      && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
  }

  /// Printable text without the characters markup gives a meaning to (`<`, `>`, `&`, quotes, backquotes).
  static func isPlainText<S: StringProtocol>(_ text: S, maxLength: Int) -> Bool {
    (1...maxLength).contains(text.count)
      && text.unicodeScalars.allSatisfy {
        $0.value >= 0x20 && $0.value < 0x7F && !"<>&\"'`\\".unicodeScalars.contains($0)
      }
  }

  static func labelProblem(in cell: CellResult) -> String? {
    if !isLibraryName(cell.backend) {
      return "backend is \"\(cell.backend.prefix(40))\"; expected a library name (lower-case letters, digits, dashes)"
    }
    // A backend may declare a framing of its own, so the name's form is checked, not a list.
    if !isLibraryName(cell.container) {
      return "container is \"\(cell.container.prefix(40))\"; expected a container name such as gzip or zstd"
    }
    // `1.2.13`, `2.30.0`, `unknown (no version API)`.
    if !isPlainText(cell.version, maxLength: 64) {
      return "version is \"\(cell.version.prefix(40))\"; expected the library's version (1 to 64 plain characters)"
    }
    if !isDecoderName(cell.verifiedWith) {
      return
        "verified_with is \"\(cell.verifiedWith.prefix(40))\"; expected the decoder's library name, "
        + "optionally followed by \" (why)\""
    }
    for (field, path) in [("code_path", cell.codePath), ("instruction_code_path", cell.instructionCodePath)] {
      if let path, !isLibraryName(path.replacingOccurrences(of: "_", with: "-")) {
        return "\(field) is \"\(path.prefix(40))\"; expected a code path name such as avx2"
      }
    }
    return nil
  }

  /// `zlib`, or `zstd (its own decoder: no second implementation is installed)`.
  static func isDecoderName(_ text: String) -> Bool {
    guard let space = text.firstIndex(of: " ") else { return isLibraryName(text) }
    let reason = text[space...].dropFirst()
    return isLibraryName(text[..<space]) && reason.hasPrefix("(") && reason.hasSuffix(")")
      && isPlainText(reason, maxLength: 200)
  }

  /// The upload, streaming, cold-extra and dictionary records a cell may carry.
  static func partProblem(in cell: CellResult) -> String? {
    if let upload = cell.upload {
      let times =
        [("upload_ms", upload.uploadMs), ("upload_identity_ms", upload.uploadIdentityMs)]
        + [("modelled_ms", upload.modelledMs), ("modelled_identity_ms", upload.modelledIdentityMs)].compactMap {
          name, value in value.map { (name, $0) }
        }
      if let problem = nonNegativeProblem("upload", times + [("wire_bytes", Double(upload.wireBytes))]) {
        return problem
      }
    }
    for (index, form) in (cell.streaming ?? []).enumerated() {
      let field = "streaming[\(index)]"
      if form.chunkBytes < 1 { return "\(field).chunk_bytes is \(form.chunkBytes); expected 1 or more" }
      let sizes = [("output_bytes", form.outputBytes), ("memory_bytes", form.memoryBytes)]
      if let problem = nonNegativeProblem(field, sizes.map { ($0, Double($1)) }) { return problem }
      if let problem = positiveProblem("\(field).compress_samples_mbps", form.compressSamplesMBps) { return problem }
      if let upload = form.upload {
        let figures = [
          ("whole_body_ms", upload.wholeBodyMs), ("streaming_ms", upload.streamingMs),
          ("whole_body_peak_bytes", Double(upload.wholeBodyPeakBytes)),
          ("streaming_peak_bytes", Double(upload.streamingPeakBytes)),
          ("streaming_wire_bytes", Double(upload.streamingWireBytes)),
        ]
        if let problem = nonNegativeProblem("\(field).upload", figures) { return problem }
      }
    }
    if let extra = cell.coldExtra {
      let figures = [extra.medianMicroseconds, extra.medianRatio, extra.lowerMicroseconds, extra.upperMicroseconds]
      if figures.contains(where: { $0.map { !$0.isFinite } ?? false }) || extra.pairs < 0 {
        return "cold_extra holds a figure that is not a finite number, or a negative count of pairs"
      }
      if let confidence = extra.confidence, !(confidence > 0 && confidence < 1) {
        return "cold_extra.confidence is \(confidence); expected a level between 0 and 1"
      }
    }
    if let dictionary = cell.dictionary {
      let hex = dictionary.sha256.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
      if dictionary.bytes < 1 || dictionary.sha256.count != 64 || !hex || dictionary.name.isEmpty {
        return "dictionary is not a dictionary a run records (a name, 1 byte or more, a SHA-256 in 64 hex digits)"
      }
    }
    return nil
  }

  /// The first of `figures` that is negative or not finite, named under `record`.
  static func nonNegativeProblem(_ record: String, _ figures: [(String, Double)]) -> String? {
    guard let (name, value) = figures.first(where: { !$0.1.isFinite || $0.1 < 0 }) else { return nil }
    return "\(record).\(name) is \(value); expected a finite number of 0 or more"
  }
}
