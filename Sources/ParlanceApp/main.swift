import Foundation
import Parlance

// Thin: parse the command line, call the library, map the result to output and an exit code.
let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
