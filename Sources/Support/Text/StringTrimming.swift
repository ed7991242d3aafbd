extension StringProtocol {
  /// Without leading and trailing characters from `set`: what HTTP header values and `--link`
  /// rates are read with.
  public func trimming(characters set: String) -> String {
    var slice = Substring(self)
    while let first = slice.first, set.contains(first) { slice.removeFirst() }
    while let last = slice.last, set.contains(last) { slice.removeLast() }
    return String(slice)
  }
}
