import CGtk

/// Text the user reads but does not edit (`GtkLabel`).
@MainActor
public final class Label: Widget {
  /// Creates a label showing `text` as is (no markup, no mnemonic).
  public init(_ text: String = "") {
    super.init(sinking: gtk_label_new(text))
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var labelPointer: UnsafeMutablePointer<GtkLabel> {
    parlance_gtk_label(widgetPointer)
  }

  /// The text, shown literally: `<b>` stays `<b>` (translations cannot inject markup).
  public var text: String {
    get { String(borrowingGLibString: gtk_label_get_text(labelPointer)) ?? "" }
    set { gtk_label_set_text(labelPointer, newValue) }
  }

  /// The widget this label is the caption of: it takes the focus when the label's access
  /// key is pressed, and assistive technology reads the label as its name (GTK relates
  /// the two as `labelFor` / `labelledBy`).
  public var mnemonicWidget: Widget? {
    get { gtk_label_get_mnemonic_widget(labelPointer).map(Widget.wrapper(for:)) }
    set {
      // GTK adds the relations to the widgets' accessibles when a screen reader first asks,
      // and never takes them back: a caption given another control would still name the
      // old one.
      if let old = gtk_label_get_mnemonic_widget(labelPointer), old != newValue?.widgetPointer,
        let oldAccessible = gtk_widget_get_accessible(old),
        let accessible = gtk_widget_get_accessible(widgetPointer)
      {
        atk_object_remove_relationship(oldAccessible, ATK_RELATION_LABELLED_BY, accessible)
        atk_object_remove_relationship(accessible, ATK_RELATION_LABEL_FOR, oldAccessible)
      }
      gtk_label_set_mnemonic_widget(labelPointer, newValue?.widgetPointer)
    }
  }

  /// The access key of the underlined letter (`f` for "Ö_ffnen" with `use-underline`),
  /// lowercased as GTK matches it; nil when the label has none.
  public var accessKey: Character? {
    let keyval = gtk_label_get_mnemonic_keyval(labelPointer)
    guard keyval != guint(GDK_KEY_VoidSymbol),
      let scalar = Unicode.Scalar(gdk_keyval_to_unicode(keyval)), scalar.value != 0
    else { return nil }
    return Character(scalar)
  }

  /// Whether long text breaks into several lines.
  public var wrap: Bool {
    get { Bool(gboolean: gtk_label_get_line_wrap(labelPointer)) }
    set { gtk_label_set_line_wrap(labelPointer, newValue.gboolean) }
  }

  /// Where text that does not fit is shortened with "…".
  public var ellipsize: EllipsizeMode {
    get { EllipsizeMode(gtk_label_get_ellipsize(labelPointer)) }
    set { gtk_label_set_ellipsize(labelPointer, newValue.pangoValue) }
  }

  /// Horizontal text alignment from 0 (start) to 1 (end); mirrored in RTL.
  public var xalign: Float {
    get { gtk_label_get_xalign(labelPointer) }
    set { gtk_label_set_xalign(labelPointer, newValue) }
  }

  /// Whether the user can select (and copy) the text.
  public var selectable: Bool {
    get { Bool(gboolean: gtk_label_get_selectable(labelPointer)) }
    set { gtk_label_set_selectable(labelPointer, newValue.gboolean) }
  }

  /// The widest the label asks to be, in average characters; -1 for no limit.
  public var maxWidthChars: Int {
    get { Int(gtk_label_get_max_width_chars(labelPointer)) }
    set { gtk_label_set_max_width_chars(labelPointer, Int32(newValue)) }
  }

  /// Whether the text on screen was shortened with "…" at the last layout.
  public var isEllipsized: Bool {
    guard let layout = gtk_label_get_layout(labelPointer) else { return false }
    return Bool(gboolean: pango_layout_is_ellipsized(layout))
  }

  /// The width in pixels of the text as currently laid out (after wrapping or ellipsizing).
  public var layoutWidth: Int {
    guard let layout = gtk_label_get_layout(labelPointer) else { return 0 }
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, &height)
    return Int(width)
  }

  /// The width in pixels the text needs on one line with the label's font, unshortened.
  public var naturalTextWidth: Int {
    guard let layout = gtk_widget_create_pango_layout(widgetPointer, text) else { return 0 }
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, &height)
    return Int(width)
  }

  /// The height in pixels of one line of the text with the label's font (the fonts a
  /// script falls back to may be taller than the label's own).
  public var lineHeight: Int {
    guard let layout = gtk_widget_create_pango_layout(widgetPointer, text) else { return 0 }
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, &height)
    return Int(height) / max(1, Int(pango_layout_get_line_count(layout)))
  }

  /// Whether the user cannot read all of the text: it is ellipsized, or its layout is wider
  /// than the space the label was allocated (clipped).
  ///
  /// Meaningful once the label was allocated (its window shown and laid out).
  public var isTruncated: Bool {
    isEllipsized || layoutWidth > allocation.width
  }
}
