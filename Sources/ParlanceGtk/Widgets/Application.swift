import CGtk

/// A GTK application (`GtkApplication`): an application id, a main loop, its windows.
///
/// `run(arguments:)` initializes GTK itself; creating an `Application` initializes it first
/// so windows can be built in `onActivate`.
@MainActor
public final class Application {
  let reference: ObjectReference

  /// Creates an application with a reverse-DNS id such as `"org.example.Parlance"`.
  ///
  /// When `isUnique` is true, a second instance hands over to the running one over D-Bus;
  /// tests and screenshot runs pass false.
  ///
  /// - Throws: `GtkError.invalidApplicationID` or `GtkError.noDisplay`.
  public init(id: String, isUnique: Bool = true) throws(GtkError) {
    guard Bool(gboolean: g_application_id_is_valid(id)) else {
      throw .invalidApplicationID(id)
    }
    guard Gtk.initialize() else { throw .noDisplay }
    let flags = isUnique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
    guard let application = gtk_application_new(id, flags) else {
      throw .invalidApplicationID(id)
    }
    reference = ObjectReference(adopting: application)
  }

  var applicationPointer: UnsafeMutablePointer<GtkApplication> {
    parlance_gtk_application(reference.pointer)
  }

  /// The application id given at creation.
  public var id: String {
    String(
      borrowingGLibString: g_application_get_application_id(
        parlance_g_application(reference.pointer))) ?? ""
  }

  /// Calls `handler` when the application starts (or is launched again while unique).
  @discardableResult
  public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signal.connect(reference.pointer, .activate, handler)
  }

  /// Runs the main loop until the last window closes or `quit()`.
  ///
  /// - Parameter arguments: the command line, program name first; GApplication handles its
  ///   own options (`--gapplication-service`) and ignores the rest.
  /// - Returns: the exit status.
  public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { g_strdup($0) }
    defer { argv.forEach { g_free($0) } }
    let argc = Int32(argv.count)
    argv.append(nil)
    return argv.withUnsafeMutableBufferPointer { buffer in
      g_application_run(parlance_g_application(reference.pointer), argc, buffer.baseAddress)
    }
  }

  /// Stops `run(arguments:)` at the next main-loop iteration, windows or not.
  public func quit() {
    g_application_quit(parlance_g_application(reference.pointer))
  }
}
