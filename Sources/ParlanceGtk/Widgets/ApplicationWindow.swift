import CGtk

/// A toplevel window that belongs to an `Application`; the application runs while it has one.
@MainActor
public final class ApplicationWindow: Window {
  /// Creates a hidden window of `application`.
  public init(application: Application) {
    super.init(sinking: gtk_application_window_new(application.applicationPointer))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }
}
