import CGtk

/// The data pointers of a GLib doubly linked list, front to back; does not free the list.
struct GListSequence: Sequence, IteratorProtocol {
  private var node: UnsafeMutablePointer<GList>?

  init(_ list: UnsafeMutablePointer<GList>?) {
    node = list
  }

  mutating func next() -> UnsafeMutableRawPointer? {
    while let current = node {
      node = current.pointee.next
      if let data = current.pointee.data { return data }
    }
    return nil
  }
}
