#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call: which call, and the errno it left, with the C library's text for it.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
  public var call: String
  public var errno: Int32

  public init(_ call: String, errno: Int32) {
    self.call = call
    self.errno = errno
  }

  public var description: String { "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))" }
}

/// Runs a call that returns -1 and sets errno on failure, retrying on EINTR: a signal arriving
/// during a blocking call is not a failure of the call.
@inline(__always)
func valueOrErrno<Result: BinaryInteger>(_ call: String, _ body: () -> Result) throws(SystemCallError) -> Result {
  while true {
    let result = body()
    if result != -1 { return result }
    let code = errno
    if code == EINTR { continue }
    throw SystemCallError(call, errno: code)
  }
}
