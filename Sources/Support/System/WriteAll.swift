#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hands every byte of `bytes` to `call` (write(2) to a file or standard output, send(2) to a
/// socket), which takes what it can from a pointer and a count and returns how much it took, or
/// -1 with errno set: partial writes go round again, a signal's EINTR is retried
/// (`retryingOnInterrupt`). Every write-all loop in the harness is this one.
/// - Returns: nil when every byte went out, else the errno of the call that failed.
public func writingAll(_ bytes: UnsafeRawBufferPointer, _ call: (UnsafeRawPointer, Int) -> Int) -> Int32? {
  var offset = 0
  while offset < bytes.count {
    let written = retryingOnInterrupt { call(bytes.baseAddress! + offset, bytes.count - offset) }
    guard written > 0 else { return errno }
    offset += written
  }
  return nil
}
