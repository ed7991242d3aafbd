import DeflateBenchSupport

extension PayloadSet {
  /// The measured part of a set whose first `count` payloads trained its dictionary: the rest,
  /// hashed again, since the SHA-256 pins the bytes measured.
  func droppingHeldOut(_ count: Int) -> PayloadSet {
    let rest = payloads.dropping(first: count)
    var hasher = SHA256()
    for payload in rest { hasher.update(payload) }
    var set = PayloadSet(corpus: corpus, kind: kind, split: split, bodies: rest, sha256: hasher.finalize().hex)
    set.generator = generator
    return set
  }
}
