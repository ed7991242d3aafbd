import DeflateBenchSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
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

/// Runs a call that returns -1 and sets errno on failure, retrying on EINTR (see
/// `retryingOnInterrupt`), and throws the failure it ends with.
@inline(__always)
func valueOrErrno<Result: BinaryInteger>(_ call: String, _ body: () -> Result) throws(SystemCallError) -> Result {
  let result = retryingOnInterrupt(body)
  guard result == -1 else { return result }
  throw SystemCallError(call, errno: errno)
}
