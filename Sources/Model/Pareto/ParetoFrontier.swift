/// The settings worth considering: a cell is Pareto-optimal when no other cell is at least as
/// small and at least as fast while strictly better in one of the two. Every other cell is beaten
/// on both counts by some frontier cell, so nobody should ship it.
public enum ParetoFrontier {
  /// One candidate: the bytes it sends and how fast it compresses.
  public struct Point: Sendable, Equatable {
    public var outputBytes: Double
    public var speed: Double

    public init(outputBytes: Double, speed: Double) {
      self.outputBytes = outputBytes
      self.speed = speed
    }

    /// True when `self` is at least as good as `other` on both axes and better on one.
    public func dominates(_ other: Point) -> Bool {
      outputBytes <= other.outputBytes && speed >= other.speed
        && (outputBytes < other.outputBytes || speed > other.speed)
    }
  }

  /// The positions of the Pareto-optimal points, ascending. Points with identical size and speed
  /// do not dominate each other, so exact duplicates are both kept.
  ///
  /// Quadratic, which is plenty for the few hundred cells a payload set has, and obviously right.
  public static func optimalIndices(_ points: [Point]) -> [Int] {
    points.indices.filter { candidate in
      !points.indices.contains { other in other != candidate && points[other].dominates(points[candidate]) }
    }
  }
}
