import CGtk

/// GTK's process-wide state: initialization, the main loop and main-loop sources.
///
/// GTK is single-threaded: everything here except `idle(_:)` runs on the main thread, the
/// thread that called `initialize()`. Swift's own main-actor queue (`Task { @MainActor }`,
/// `DispatchQueue.main`) is not drained while `gtk_main` runs, so work for the GTK thread
/// goes through `idle(_:)` (from any thread) or `timeout(milliseconds:_:)`.
@MainActor
public enum Gtk {
  /// Whether `initialize()` has succeeded in this process.
  public private(set) static var isInitialized = false

  /// Opens the display and initializes GTK; returns false when there is no usable display.
  ///
  /// Safe to call more than once. Turns off the blinking cursor, which would otherwise make
  /// two screenshots of the same window differ.
  @discardableResult
  public static func initialize() -> Bool {
    if isInitialized { return true }
    guard Bool(gboolean: gtk_init_check(nil, nil)) else { return false }
    isInitialized = true
    if let settings = gtk_settings_get_default() {
      parlance_object_set_boolean(settings, "gtk-cursor-blink", false.gboolean)
    }
    return true
  }

  /// Does the part of GTK's start that may run on any thread, so that another thread can
  /// do it while this one opens the display and reads the theme: reading fontconfig's
  /// configuration, which the first text laid out waits for otherwise. Done once per process; calling this
  /// again, or after GTK did it, costs nothing.
  ///
  /// The session bus connection (for `GtkApplication`) was tried here too and left out:
  /// the application registered 2 ms sooner, but the display opened 1.5 ms later.
  public nonisolated static func prepareInBackground() {
    _ = FcInit()
  }

  /// Pins the theme, font, animations and font rendering so screenshots are reproducible.
  ///
  /// Applies to widgets drawn afterwards. Requires a successful `initialize()`. Only the
  /// settings that differ are set: GTK answers a set of the theme's name or of its dark
  /// variant by reading the theme's style sheet again, even for the value it has (about
  /// 15 ms each, which every screenshot run paid twice under Xvfb).
  /// - Parameter fontName: a Pango font description such as `"WenQuanYi Micro Hei 10"`;
  ///   nil keeps the current font.
  public static func configureForScreenshots(fontName: String? = nil) {
    guard isInitialized, let settings = gtk_settings_get_default() else { return }
    func pin(_ name: String, _ value: String) {
      let current = parlance_object_get_string(settings, name)
      defer { g_free(current) }
      if current.map({ String(cString: $0) }) != value {
        parlance_object_set_string(settings, name, value)
      }
    }
    func pin(_ name: String, _ value: Bool) {
      if Bool(gboolean: parlance_object_get_boolean(settings, name)) != value {
        parlance_object_set_boolean(settings, name, value.gboolean)
      }
    }
    func pin(_ name: String, _ value: Int32) {
      if parlance_object_get_int(settings, name) != value {
        parlance_object_set_int(settings, name, value)
      }
    }
    pin("gtk-theme-name", "Adwaita")
    pin("gtk-icon-theme-name", "Adwaita")
    pin("gtk-application-prefer-dark-theme", false)
    pin("gtk-enable-animations", false)
    pin("gtk-cursor-blink", false)
    pin("gtk-xft-antialias", 1)
    pin("gtk-xft-hinting", 1)
    pin("gtk-xft-hintstyle", "hintslight")
    pin("gtk-xft-rgba", "none")
    pin("gtk-xft-dpi", 96 * 1024)
    if let fontName { pin("gtk-font-name", fontName) }
  }

  /// Runs the GTK main loop until `quit()` is called.
  public static func main() {
    gtk_main()
  }

  /// Makes the innermost running `main()` return.
  public static func quit() {
    gtk_main_quit()
  }

  /// Runs main-loop iterations until `condition` holds or `timeout` passes; returns whether
  /// the condition held.
  ///
  /// For tests and for waiting on a window to be drawn without a fixed sleep. Sources and
  /// signal handlers run normally during the wait.
  @discardableResult
  public static func iterate(
    until condition: () -> Bool,
    timeout: Duration = .seconds(5)
  ) -> Bool {
    let deadline = g_get_monotonic_time() + microseconds(timeout)
    // The loop sleeps in poll() until GTK has something to do and checks the condition
    // after every dispatch. A 4 ms tick also wakes it, for a condition another thread
    // changes without waking the main loop, and to notice the deadline.
    let tick = Gtk.timeout(milliseconds: 4) { .continue }
    defer { tick.remove() }
    while !condition() {
      if g_get_monotonic_time() >= deadline { return false }
      g_main_context_iteration(nil, true.gboolean)
    }
    return true
  }

  /// Dispatches everything the main loop has ready now (events, redraws, idle sources).
  public static func iteratePending() {
    while Bool(gboolean: g_main_context_pending(nil)) {
      g_main_context_iteration(nil, false.gboolean)
    }
  }

  /// Calls `work` every `milliseconds` until it returns `.stop` or the token removes it.
  @discardableResult
  public static func timeout(
    milliseconds: UInt32,
    _ work: @escaping @MainActor () -> SourceAction
  ) -> SourceToken {
    SourceToken.attach(g_timeout_source_new(milliseconds), work)
  }

  /// Runs `work` once on the GTK main loop, when it has nothing more urgent to do;
  /// callable from any thread.
  ///
  /// It runs after pending redraws (default idle priority), when the main loop runs
  /// (`main()` or `iterate(until:timeout:)`). This is how code on another thread (a
  /// language-change observer called from a loader thread) reaches the widgets: GLib's
  /// source attachment is thread-safe and wakes the main loop up. The returned token
  /// removes the source if it has not run yet; dropping the token does not.
  @discardableResult
  public nonisolated static func idle(
    _ work: @escaping @MainActor @Sendable () -> Void
  ) -> SourceToken {
    SourceToken.attach(g_idle_source_new()) {
      work()
      return .stop
    }
  }

  private static func microseconds(_ duration: Duration) -> gint64 {
    let (seconds, attoseconds) = duration.components
    return gint64(seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
  }
}
