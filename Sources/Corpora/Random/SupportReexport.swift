// Payload sets carry SHA-256 digests and are generated with the seeded generator, both from the
// leaf target, so whoever imports the corpora sees those types without a second import.
@_exported import DeflateBenchSupport
