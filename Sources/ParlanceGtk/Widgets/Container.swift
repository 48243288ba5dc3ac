import CGtk

/// A widget that holds other widgets (`GtkContainer`).
///
/// Adding a child gives the container its own reference: the child stays alive in the
/// container after its wrapper is released. Removing a child drops that reference; the
/// child survives only if a wrapper still holds it.
@MainActor
public class Container: Widget {
  override init(sinking pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(sinking: pointer)
  }

  var containerPointer: UnsafeMutablePointer<GtkContainer> {
    parlance_gtk_container(widgetPointer)
  }

  /// Adds `child` with the container's default packing (a window's single child).
  public func add(_ child: Widget) {
    gtk_container_add(containerPointer, child.widgetPointer)
  }

  /// Removes `child`; it must be a direct child of this container.
  public func remove(_ child: Widget) {
    gtk_container_remove(containerPointer, child.widgetPointer)
  }

  /// Removes every child.
  public func removeAll() {
    for child in children {
      remove(child)
    }
  }

  /// The direct children, in packing order; internal children (a header bar's title) are not
  /// included.
  public var children: [Widget] {
    guard let list = gtk_container_get_children(containerPointer) else { return [] }
    defer { g_list_free(list) }
    return GListSequence(list).map {
      Widget.wrapper(for: $0.assumingMemoryBound(to: GtkWidget.self))
    }
  }

}
