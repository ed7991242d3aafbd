import CCalibrationLoop

/// A backend's C reference loop, the one `calibrate` times its Swift path against. The loop lives
/// in the backend's own C target (Sources/CalibrationLoops/<Library>); the backend hands its
/// function over here, so no list of loops is kept anywhere.
public struct CalibrationLoop: @unchecked Sendable {
  // @unchecked: a C function pointer, which holds no state, is all this carries.
  let function: cal_loop

  /// The loop `function`, a `cal_loop` of the backend's C target.
  init(_ function: cal_loop) {
    self.function = function
  }
}
