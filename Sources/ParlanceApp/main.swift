import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI
import ParlanceWindow

/// When `main` started: the first instant of a start-up trace (`PARLANCE_STARTUP_TRACE`).
let mainStarted = StartupTrace.now()

// Before any thread starts: a later switch of GTK's own texts (a previewed dialog's
// stock buttons) replaces LANGUAGE's value instead of growing the environment.
ProcessGettext.reserveLanguageVariable()

// Thin: parse the command line, call the library, map the result to output and an exit code.
let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
