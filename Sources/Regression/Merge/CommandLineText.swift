/// Edits a recorded command line so a merged run shows the command an unsharded run would have.
enum CommandLineText {
  /// Drops `--shard K/N` and `--shard=K/N` (and, since each shard writes elsewhere, nothing else).
  static func removingShardOption(from commandLine: String) -> String {
    var words = commandLine.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var index = 0
    while index < words.count {
      if words[index] == "--shard" {
        words.removeSubrange(index..<min(index + 2, words.count))
      } else if words[index].hasPrefix("--shard=") {
        words.remove(at: index)
      } else {
        index += 1
      }
    }
    return words.joined(separator: " ")
  }
}
