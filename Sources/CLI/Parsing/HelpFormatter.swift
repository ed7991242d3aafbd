/// Renders a command's help screen from its spec, in the shape swift-argument-parser uses:
/// overview, usage, arguments, options, exit codes.
public enum HelpFormatter {
  public static func render(_ spec: CommandSpec, program: String = "deflate-bench") -> String {
    var lines: [String] = ["OVERVIEW: \(spec.abstract)", ""]
    if !spec.discussion.isEmpty {
      lines.append(spec.discussion)
      lines.append("")
    }
    lines.append("USAGE: \(usageLine(spec, program: program))")
    if !spec.arguments.isEmpty {
      lines.append("")
      lines.append("ARGUMENTS:")
      for argument in spec.arguments {
        lines.append(contentsOf: row(label: "<\(argument.name)>", help: argument.help))
      }
    }
    lines.append("")
    lines.append("OPTIONS:")
    for option in spec.options {
      lines.append(contentsOf: row(label: label(option), help: option.help))
    }
    lines.append(contentsOf: row(label: "-h, --help", help: "Show help information."))
    lines.append("")
    lines.append("EXIT CODES:")
    lines.append(spec.exitCodes)
    return lines.joined(separator: "\n") + "\n"
  }

  static func usageLine(_ spec: CommandSpec, program: String) -> String {
    var parts = ["\(program) \(spec.name)"]
    for argument in spec.arguments {
      let text = "<\(argument.name)>" + (argument.isVariadic ? " ..." : "")
      parts.append(argument.isRequired ? text : "[\(text)]")
    }
    if !spec.options.isEmpty { parts.append("[<options>]") }
    return parts.joined(separator: " ")
  }

  static func label(_ option: OptionSpec) -> String {
    var text = option.short.map { "-\($0), " } ?? ""
    text += "--\(option.name)"
    if let placeholder = option.placeholder { text += " <\(placeholder)>" }
    if option.isRepeatable { text += " ..." }
    return text
  }

  /// A label in a 28-column gutter and its help wrapped at 100 columns.
  static func row(label: String, help: String) -> [String] {
    let gutter = 28
    let width = 100 - gutter
    var output: [String] = []
    var current = ""
    for word in help.split(separator: " ") {
      if !current.isEmpty, current.count + 1 + word.count > width {
        output.append(current)
        current = String(word)
      } else {
        current += current.isEmpty ? String(word) : " " + word
      }
    }
    if !current.isEmpty { output.append(current) }
    if output.isEmpty { output = [""] }
    let padding = String(repeating: " ", count: gutter)
    let first = "  " + label
    var lines: [String] = []
    if first.count < gutter - 1 {
      lines.append(first + String(repeating: " ", count: gutter - first.count) + output[0])
    } else {
      lines.append(first)
      lines.append(padding + output[0])
    }
    lines.append(contentsOf: output.dropFirst().map { padding + $0 })
    return lines
  }
}
