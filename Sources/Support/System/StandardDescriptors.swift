#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes sure descriptors 0, 1 and 2 are taken before the tool opens any file. A process started
/// with one of them closed (`serve >&-`, a daemon manager) would otherwise hand that number to
/// the next open(2): the recording's index.jsonl, a results file or a socket would become
/// "standard output", and console text (log lines with query strings) would land in it.
///
/// A closed descriptor is replaced by /dev/null opened the wrong way round: write-only for
/// standard input and read-only for standard output and error. Reading and writing then still
/// fail with EBADF exactly as on the closed descriptor, so `compress >&-` still exits 73, but the
/// number can no longer be reused.
public enum StandardDescriptors {
  public static func takeClosedOnes() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
      // open(2) returns the lowest free number, which is this one; anything else is moved there.
      if opened >= 0, opened != descriptor {
        _ = dup2(opened, descriptor)
        _ = close(opened)
      }
    }
  }
}
