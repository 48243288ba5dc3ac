import CGtk
import CParlanceLive

/// A GTK widget, the base of every wrapper in this module.
///
/// Ownership: the initializer sinks the widget's floating reference (or adds one to a
/// toplevel GTK already owns), so the wrapper holds exactly one strong reference, and
/// releases it when the wrapper is deallocated. Releasing the wrapper does not remove the
/// widget from its parent nor close a window: `destroy()` does, and it also disconnects every
/// signal handler, releasing the Swift closures. A handler closure that captures its own
/// widget keeps the wrapper alive until then: capture `[weak self]` or call `destroy()`.
///
/// Precondition for every initializer: `Gtk.initialize()` returned true.
@MainActor
public class Widget {
  let reference: ObjectReference

  /// Wraps `pointer`, taking one reference of its own; stops the program if GTK returned
  /// NULL, which GTK constructors only do when GTK was not initialized.
  init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    guard Gtk.isInitialized, let pointer else {
      preconditionFailure("GTK is not initialized: call Gtk.initialize() first")
    }
    reference = ObjectReference(sinking: pointer)
    reference.register(self)
  }

  var widgetPointer: UnsafeMutablePointer<GtkWidget> {
    parlance_gtk_widget(reference.pointer)
  }

  var objectPointer: UnsafeMutablePointer<GObject> {
    reference.pointer
  }

  // MARK: Default direction

  /// The direction of widgets that do not set their own, including ones created later.
  ///
  /// Set it before building a window: existing widgets whose direction is unset follow it
  /// too, but GTK does not re-run size allocation for all of them at once.
  public static var defaultDirection: LayoutDirection {
    get { LayoutDirection(gtk_widget_get_default_direction()) }
    set { gtk_widget_set_default_direction(newValue.gtkValue) }
  }

  // MARK: Visibility and lifetime

  /// Marks the widget to be shown once its parent is.
  public func show() {
    gtk_widget_show(widgetPointer)
  }

  /// Shows the widget and every descendant.
  public func showAll() {
    gtk_widget_show_all(widgetPointer)
  }

  /// Hides the widget; it keeps its place in the parent.
  public func hide() {
    gtk_widget_hide(widgetPointer)
  }

  /// Removes the widget from its parent (closes a window) and disconnects all handlers.
  ///
  /// The wrapper stays valid as an object but the widget must not be used afterwards.
  public func destroy() {
    gtk_widget_destroy(widgetPointer)
  }

  /// Whether the widget is marked visible (its parent may still be hidden).
  public var isVisible: Bool {
    get { Bool(gboolean: gtk_widget_get_visible(widgetPointer)) }
    set { gtk_widget_set_visible(widgetPointer, newValue.gboolean) }
  }

  /// Whether `showAll()` on an ancestor leaves this widget (and what it holds) as it is:
  /// for a widget whose visibility its owner decides, such as a closed info bar.
  public var noShowAll: Bool {
    get { Bool(gboolean: gtk_widget_get_no_show_all(widgetPointer)) }
    set { gtk_widget_set_no_show_all(widgetPointer, newValue.gboolean) }
  }

  /// Whether the widget is on screen: visible, and every ancestor mapped.
  public var isMapped: Bool {
    Bool(gboolean: gtk_widget_get_mapped(widgetPointer))
  }

  /// Whether the widget was given room to be seen: false when it, or a container around
  /// it, was allocated no more than one pixel, which GTK gives what it maps but does not
  /// show (the inside of a closed expander).
  public var hasRoom: Bool {
    Bool(gboolean: parlance_widget_has_room(widgetPointer))
  }

  /// Whether the widget is `ancestor` or inside it.
  public func isInside(_ ancestor: Widget) -> Bool {
    self === ancestor
      || Bool(gboolean: gtk_widget_is_ancestor(widgetPointer, ancestor.widgetPointer))
  }

  /// Whether the user can interact with the widget (greyed out when false).
  public var sensitive: Bool {
    get { Bool(gboolean: gtk_widget_get_sensitive(widgetPointer)) }
    set { gtk_widget_set_sensitive(widgetPointer, newValue.gboolean) }
  }

  /// The parent container, if the widget has been added to one.
  public var parent: Widget? {
    gtk_widget_get_parent(widgetPointer).map(Widget.wrapper(for:))
  }

  // MARK: Text shown around the widget

  /// The tooltip, as plain text (no Pango markup).
  public var tooltipText: String? {
    get { String(takingGLibString: gtk_widget_get_tooltip_text(widgetPointer)) }
    set { gtk_widget_set_tooltip_text(widgetPointer, newValue) }
  }

  /// The widget name, used by CSS (`#name`) and to find widgets in tests.
  public var name: String {
    get { String(borrowingGLibString: gtk_widget_get_name(widgetPointer)) ?? "" }
    set { gtk_widget_set_name(widgetPointer, newValue) }
  }

  /// The name assistive technology reads out (ATK), when the visible text is not enough.
  ///
  /// Reading returns ATK's own fallback (a label's text, a button's label) when none is set.
  public var accessibleName: String? {
    get {
      guard let accessible = gtk_widget_get_accessible(widgetPointer) else { return nil }
      return String(borrowingGLibString: atk_object_get_name(accessible))
    }
    set {
      guard let accessible = gtk_widget_get_accessible(widgetPointer) else { return }
      atk_object_set_name(accessible, newValue ?? "")
    }
  }

  /// The longer description assistive technology offers for the widget (ATK).
  public var accessibleDescription: String? {
    get {
      guard let accessible = gtk_widget_get_accessible(widgetPointer) else { return nil }
      return String(borrowingGLibString: atk_object_get_description(accessible))
    }
    set {
      guard let accessible = gtk_widget_get_accessible(widgetPointer) else { return }
      atk_object_set_description(accessible, newValue ?? "")
    }
  }

  // MARK: Focus

  /// Moves keyboard focus to the widget (and makes it its window's focus widget).
  public func grabFocus() {
    gtk_widget_grab_focus(widgetPointer)
  }

  /// Whether the widget has keyboard focus (its toplevel must be the active window).
  public var hasFocus: Bool {
    Bool(gboolean: gtk_widget_has_focus(widgetPointer))
  }

  /// Whether the widget is its window's focus widget, active window or not.
  public var isFocus: Bool {
    Bool(gboolean: gtk_widget_is_focus(widgetPointer))
  }

  // MARK: Layout

  /// The area last allocated to the widget, relative to its parent's window.
  ///
  /// Meaningful once the widget was shown and the main loop ran a layout pass.
  public var allocation: Rectangle {
    var rectangle = GtkAllocation()
    gtk_widget_get_allocation(widgetPointer, &rectangle)
    return Rectangle(rectangle)
  }

  /// The size the widget would like with its current contents, as GTK sizes a window
  /// when it first opens (natural width, then the natural height for that width).
  public var naturalSize: Size {
    var minimum = GtkRequisition()
    var natural = GtkRequisition()
    gtk_widget_get_preferred_size(widgetPointer, &minimum, &natural)
    return Size(width: Int(natural.width), height: Int(natural.height))
  }

  /// This widget's layout direction; setting it overrides `Widget.defaultDirection`.
  public var direction: LayoutDirection {
    get { LayoutDirection(gtk_widget_get_direction(widgetPointer)) }
    set { gtk_widget_set_direction(widgetPointer, newValue.gtkValue) }
  }

  /// Asks for at least this size; -1 in a dimension means "natural size".
  public func setSizeRequest(width: Int, height: Int) {
    gtk_widget_set_size_request(widgetPointer, Int32(width), Int32(height))
  }

  /// Whether the widget takes extra horizontal space its parent has.
  public var hexpand: Bool {
    get { Bool(gboolean: gtk_widget_get_hexpand(widgetPointer)) }
    set { gtk_widget_set_hexpand(widgetPointer, newValue.gboolean) }
  }

  /// Whether the widget takes extra vertical space its parent has.
  public var vexpand: Bool {
    get { Bool(gboolean: gtk_widget_get_vexpand(widgetPointer)) }
    set { gtk_widget_set_vexpand(widgetPointer, newValue.gboolean) }
  }

  /// Horizontal placement inside the allocated space.
  public var halign: Alignment {
    get { Alignment(gtk_widget_get_halign(widgetPointer)) }
    set { gtk_widget_set_halign(widgetPointer, newValue.gtkValue) }
  }

  /// Vertical placement inside the allocated space.
  public var valign: Alignment {
    get { Alignment(gtk_widget_get_valign(widgetPointer)) }
    set { gtk_widget_set_valign(widgetPointer, newValue.gtkValue) }
  }

  /// Space before the widget on the reading-direction start side (left in LTR).
  public var marginStart: Int {
    get { Int(gtk_widget_get_margin_start(widgetPointer)) }
    set { gtk_widget_set_margin_start(widgetPointer, Int32(newValue)) }
  }

  /// Space after the widget on the reading-direction end side (right in LTR).
  public var marginEnd: Int {
    get { Int(gtk_widget_get_margin_end(widgetPointer)) }
    set { gtk_widget_set_margin_end(widgetPointer, Int32(newValue)) }
  }

  /// Space above the widget.
  public var marginTop: Int {
    get { Int(gtk_widget_get_margin_top(widgetPointer)) }
    set { gtk_widget_set_margin_top(widgetPointer, Int32(newValue)) }
  }

  /// Space below the widget.
  public var marginBottom: Int {
    get { Int(gtk_widget_get_margin_bottom(widgetPointer)) }
    set { gtk_widget_set_margin_bottom(widgetPointer, Int32(newValue)) }
  }

  /// Sets all four margins to `value`.
  public func setMargins(_ value: Int) {
    marginStart = value
    marginEnd = value
    marginTop = value
    marginBottom = value
  }

  /// Schedules a redraw of the widget.
  public func queueDraw() {
    gtk_widget_queue_draw(widgetPointer)
  }

  // MARK: Style classes

  /// Adds a CSS class (`"title"`, `"dim-label"`, `"suggested-action"`).
  public func addStyleClass(_ name: String) {
    gtk_style_context_add_class(gtk_widget_get_style_context(widgetPointer), name)
  }

  /// Removes a CSS class; nothing happens if the widget does not have it.
  public func removeStyleClass(_ name: String) {
    gtk_style_context_remove_class(gtk_widget_get_style_context(widgetPointer), name)
  }

  /// Whether the widget has the CSS class.
  public func hasStyleClass(_ name: String) -> Bool {
    Bool(gboolean: gtk_style_context_has_class(gtk_widget_get_style_context(widgetPointer), name))
  }

  /// The CSS classes of the widget, sorted.
  public var styleClasses: [String] {
    let context = gtk_widget_get_style_context(widgetPointer)
    guard let list = gtk_style_context_list_classes(context) else { return [] }
    defer { g_list_free(list) }
    return GListSequence(list).compactMap {
      String(borrowingGLibString: $0.assumingMemoryBound(to: gchar.self))
    }.sorted()
  }

  // MARK: Signals

  /// Calls `handler` when the widget is destroyed, just before its handlers are removed.
  @discardableResult
  public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    Signal.connect(objectPointer, .destroy, handler)
  }

  /// Calls `handler` each time the GObject property `property` (`"label"`, `"visible"`,
  /// `"tooltip-text"`) is set, whether by the user or by code.
  ///
  /// GTK notifies most properties on every set, even of the value they already had: a
  /// count of notifications shows which properties a piece of code really sets.
  @discardableResult
  public func onPropertySet(
    _ property: String, _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    Signal.connect(objectPointer, notify: property, handler)
  }

  /// Calls `handler` once, at the next time the widget draws, then disconnects.
  @discardableResult
  public func onNextDraw(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    let connection = Cell<SignalConnection?>(nil)
    let signal = Signal.connect(objectPointer, .draw) {
      connection.value?.disconnect()
      connection.value = nil
      handler()
      return .proceed
    }
    connection.value = signal
    return signal
  }
}
