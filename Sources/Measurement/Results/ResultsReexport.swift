// A run's outcome is made of the results schema's types (`CellResult`, `RunContext`, ...), so
// whoever imports the measurement engine sees them without a second import.
@_exported import DeflateBenchResults
