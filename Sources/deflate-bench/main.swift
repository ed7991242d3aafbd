import DeflateBenchCLI
import Foundation

exit(DeflateBenchTool.main(CommandLine.arguments))
