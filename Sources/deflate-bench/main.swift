import DeflateBenchCLI

DeflateBenchTool.exit(DeflateBenchTool.main(CommandLine.arguments))
