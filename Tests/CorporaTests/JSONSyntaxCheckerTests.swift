import Testing

@testable import DeflateBenchCorpora

@Suite("JSON syntax checker")
struct JSONSyntaxCheckerTests {
  @Test(arguments: [
    "{}", "[]", "0", "-1.5e+10", "\"\\u00e9\\n\"", "{\"a\":[1,2,{\"b\":null}],\"c\":true,\"d\":false}",
    " \n\t{ \"x\" : [ ] } \n", "\u{FEFF}{}", "\"caf\u{e9}\"",
  ])
  func acceptsValidDocuments(text: String) {
    #expect(JSONSyntaxChecker.check(Array(text.utf8)) == nil)
  }

  @Test(arguments: [
    ("{\n  \"a\": 1,\n}", 3, 1, "expected a string key in double quotes (JSON allows no trailing comma), found '}'"),
    ("{\"a\" 1}", 1, 6, "expected ':' after an object key, found '1'"),
    ("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
    ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' after an object member, found '\"'"),
    ("", 1, 1, "expected a JSON value, found the end of the file"),
    ("{\"a\": tru}", 1, 7, "expected a JSON value (did you mean 'true'?), found 't'"),
    ("[1,]", 1, 4, "expected a value in the array (JSON allows no trailing comma), found ']'"),
    ("{\"a\": \"x", 1, 7, "expected '\"' to close the string that starts here, found '\"'"),
    ("{\"a\": 01}", 1, 8, "expected no leading zeros in a number, found '1'"),
    ("{} {}", 1, 4, "expected the end of the document after the top-level value, found '{'"),
    ("{\"é\": x}", 1, 7, "expected a value after ':', found 'x'"),
    (
      "{\"a\": \"\\q\"}", 1, 9,
      "expected a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX) in a string, found 'q'"
    ),
  ])
  func reportsLineColumnAndExpectation(text: String, line: Int, column: Int, message: String) throws {
    let failure = try #require(JSONSyntaxChecker.check(Array(text.utf8)))
    #expect(failure.line == line)
    #expect(failure.column == column)
    #expect(failure.message == message)
  }

  @Test func limitsNesting() throws {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let failure = try #require(JSONSyntaxChecker.check(Array(deep.utf8)))
    #expect(failure.message.hasPrefix("expected at most 512 levels of nesting"))
  }
}
