import CGtk
import Foundation

/// GTK's dialog for choosing a file to open or a folder (`GtkFileChooserDialog`).
///
/// Not modal by itself and never runs a main loop of its own: show it with `present()`
/// and act in `onResponse`; destroy it there when done.
@MainActor
public final class FileChooserDialog: Window {
  /// What the user chooses.
  public enum Action: Sendable {
    /// An existing file to open.
    case open
    /// A folder.
    case selectFolder

    var gtkValue: GtkFileChooserAction {
      switch self {
      case .open: GTK_FILE_CHOOSER_ACTION_OPEN
      case .selectFolder: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
      }
    }
  }

  /// Creates a hidden dialog with a cancel button (`ResponseID.cancel`) and an accept
  /// button (`ResponseID.accept`, the default), kept above `parent`.
  ///
  /// The labels may carry a mnemonic (`_Open`).
  public init(
    title: String, parent: Window?, action: Action, cancelLabel: String, acceptLabel: String
  ) {
    super.init(
      sinking: parlance_file_chooser_dialog_new(
        title, parent?.windowPointer, action.gtkValue, cancelLabel, acceptLabel))
  }

  private var chooserPointer: OpaquePointer {
    parlance_gtk_file_chooser(widgetPointer)
  }

  /// Offers a filter named `name` (shown in the dialog) that lets through files matching
  /// any of `patterns` (`*.ui`) or `mimeTypes` (`application/x-gtk-builder`). The first
  /// filter added is the one in use.
  public func addFilter(name: String, patterns: [String], mimeTypes: [String] = []) {
    guard let filter = gtk_file_filter_new() else { return }
    gtk_file_filter_set_name(filter, name)
    for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
    for mimeType in mimeTypes { gtk_file_filter_add_mime_type(filter, mimeType) }
    // The chooser sinks the filter's floating reference.
    gtk_file_chooser_add_filter(chooserPointer, filter)
  }

  /// The names of the filters offered, in order.
  package var filterNames: [String] {
    guard let list = gtk_file_chooser_list_filters(chooserPointer) else { return [] }
    defer { g_slist_free(list) }
    var names: [String] = []
    var node: UnsafeMutablePointer<GSList>? = list
    while let current = node {
      if let filter = current.pointee.data {
        let name = gtk_file_filter_get_name(OpaquePointer(filter))
        names.append(String(borrowingGLibString: name) ?? "")
      }
      node = current.pointee.next
    }
    return names
  }

  /// The chosen file or folder, nil when there is none (yet).
  public var selectedURL: URL? {
    get {
      String(takingGLibString: gtk_file_chooser_get_filename(chooserPointer)).map {
        URL(fileURLWithPath: $0)
      }
    }
    set {
      if let newValue {
        gtk_file_chooser_select_filename(chooserPointer, newValue.path)
      } else {
        gtk_file_chooser_unselect_all(chooserPointer)
      }
    }
  }

  /// Opens the dialog in `folder`; false when GTK cannot show it.
  @discardableResult
  public func setCurrentFolder(_ folder: URL) -> Bool {
    Bool(gboolean: gtk_file_chooser_set_current_folder(chooserPointer, folder.path))
  }

  /// Calls `handler` with the button the user pressed (`.accept`, `.cancel`), or
  /// `GTK_RESPONSE_DELETE_EVENT` when the dialog's window was closed.
  @discardableResult
  public func onResponse(_ handler: @escaping @MainActor (ResponseID) -> Void)
    -> SignalConnection
  {
    Signal.connect(objectPointer, .response) { handler(ResponseID(rawValue: $0)) }
  }

  /// Answers the dialog as if the user had pressed the button of `response`.
  package func respond(_ response: ResponseID) {
    gtk_dialog_response(parlance_gtk_dialog(widgetPointer), response.rawValue)
  }
}
