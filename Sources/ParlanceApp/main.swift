import Foundation
import Parlance
import ParlanceUI

/// When `main` started: the first instant of a start-up trace (`PARLANCE_STARTUP_TRACE`).
let mainStarted = StartupTrace.now()

// Thin: parse the command line, call the library, map the result to output and an exit code.
let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
