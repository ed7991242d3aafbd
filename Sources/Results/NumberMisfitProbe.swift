import Foundation

/// Foundation's JSONDecoder reports a number that does not fit its field (1.5 or 1e30 where a
/// whole number belongs) as "The given data was not valid JSON", with no field named. This
/// finds the field: among the numbers that fit no whole-number field, the one whose repair makes
/// that error go away, by bisection (a few decodes, whatever the file's size).
enum NumberMisfitProbe {
  /// `cells[0].input_bytes is 1.5; expected a whole number`, or nil when the JSON is invalid
  /// after all or no such number is the cause.
  /// - Parameter stillMisfit: whether decoding this JSON still fails with the unnamed error.
  static func describe(_ data: Data, stillMisfit: (Data) -> Bool) -> String? {
    guard let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
    var suspects: [(path: String, value: String)] = []
    collect(tree, path: "", into: &suspects)
    func repaired(_ count: Int) -> Data? {
      var seen = 0
      let fixed = replace(tree, first: count, seen: &seen)
      return try? JSONSerialization.data(withJSONObject: fixed, options: [.fragmentsAllowed])
    }
    // Repairing every suspect must cure it, or the cause is something else.
    guard !suspects.isEmpty, let all = repaired(suspects.count), !stillMisfit(all) else { return nil }
    // The smallest prefix of suspects whose repair cures the error ends with a culprit.
    var low = 1
    var high = suspects.count
    while low < high {
      let middle = (low + high) / 2
      if let candidate = repaired(middle), !stillMisfit(candidate) { high = middle } else { low = middle + 1 }
    }
    let culprit = suspects[low - 1]
    let negative = culprit.value.hasPrefix("-") && Double(culprit.value).map { $0.rounded(.towardZero) == $0 } == true
    return "\(culprit.path) is \(culprit.value); expected a whole number" + (negative ? " of 0 or more" : "")
  }

  /// A number some whole-number field cannot hold: a fraction, beyond Int64, or negative (the
  /// unsigned fields: `context.seed` of -1). A negative number in a signed field is a suspect
  /// that never turns out to be the culprit.
  private static func misfits(_ number: NSNumber) -> Bool {
    let value = number.doubleValue
    return value.rounded(.towardZero) != value || abs(value) >= 9.2e18 || value < 0
  }

  /// Suspects in a fixed order (object keys sorted), the same order `replace` counts in.
  private static func collect(_ value: Any, path: String, into suspects: inout [(path: String, value: String)]) {
    switch value {
    case let object as [String: Any]:
      for key in object.keys.sorted() {
        collect(object[key]!, path: path.isEmpty ? key : path + "." + key, into: &suspects)
      }
    case let list as [Any]:
      for (index, element) in list.enumerated() { collect(element, path: path + "[\(index)]", into: &suspects) }
    case let number as NSNumber where misfits(number):
      suspects.append((path.isEmpty ? "the top level" : path, "\(number)"))
    default:
      break
    }
  }

  /// The tree with its first `count` suspects replaced by 0.
  private static func replace(_ value: Any, first count: Int, seen: inout Int) -> Any {
    switch value {
    case let object as [String: Any]:
      var copy = object
      for key in object.keys.sorted() { copy[key] = replace(object[key]!, first: count, seen: &seen) }
      return copy
    case let list as [Any]:
      return list.map { replace($0, first: count, seen: &seen) }
    case let number as NSNumber where misfits(number):
      seen += 1
      return seen <= count ? NSNumber(value: 0) : number
    default:
      return value
    }
  }
}
