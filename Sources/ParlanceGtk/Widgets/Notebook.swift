import CGtk

/// Pages behind tabs, one shown at a time (`GtkNotebook`).
///
/// Each page is a widget added with `append(_:tab:)`; its tab shows a text.
@MainActor
public final class Notebook: Container {
  /// Creates a notebook without pages.
  public init() {
    super.init(sinking: gtk_notebook_new())
  }

  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  private var notebookPointer: UnsafeMutablePointer<GtkNotebook> {
    parlance_gtk_notebook(widgetPointer)
  }

  /// Adds `page` after the last one, its tab reading `tab`.
  public func append(_ page: Widget, tab: String) {
    let label = gtk_label_new(tab)
    gtk_notebook_append_page(notebookPointer, page.widgetPointer, label)
  }

  /// The text of the tab of `page` (a page of this notebook).
  public func tabText(of page: Widget) -> String? {
    String(
      borrowingGLibString: gtk_notebook_get_tab_label_text(notebookPointer, page.widgetPointer))
  }

  /// Makes the tab of `page` (a page of this notebook) read `text`.
  public func setTabText(_ text: String, of page: Widget) {
    gtk_notebook_set_tab_label_text(notebookPointer, page.widgetPointer, text)
  }

  /// The number of pages.
  public var pageCount: Int {
    Int(gtk_notebook_get_n_pages(notebookPointer))
  }

  /// The index of the page shown, -1 without pages; a page must be visible to be shown.
  public var currentPage: Int {
    get { Int(gtk_notebook_get_current_page(notebookPointer)) }
    set { gtk_notebook_set_current_page(notebookPointer, Int32(newValue)) }
  }

  /// Calls `handler` once after another page was shown, whether by the user or by code.
  @discardableResult
  public func onPageChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    // GTK notifies `page` twice for one switch (while switching, then once shown).
    let shown = Cell(currentPage)
    let pointer = notebookPointer
    return Signal.connect(objectPointer, notify: "page") {
      let page = Int(gtk_notebook_get_current_page(pointer))
      guard page != shown.value else { return }
      shown.value = page
      handler()
    }
  }
}
