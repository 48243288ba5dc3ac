"""A PyGObject program whose tree view shows a model of its own, which makes each row's
text when GTK asks for it, through the translation it bound at start (as gitg makes its
"2 hours ago"). Its first row is expanded; the children of the second exist only once
the view expands it: reading them earlier ends the program, as it crashes font-manager,
whose categories' children are read by an index the view has not made yet.

Usage: /usr/bin/python3 own_rows.py (LANGUAGE names the language).
"""

import gettext
import os

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, GObject, Gtk  # noqa: E402

GLib.set_prgname("own-rows")
translation = gettext.translation("gtk30", fallback=True)

# Each row: a message of GTK's, and its children's.
ROWS = [("Other Locations", ["Select a File"]), ("Other Applications", ["Could not clear list"])]
STAMP = 7
# The rows whose children may be read: the view expands the first below.
made = {0}


def children_of(row):
    if row not in made:
        print(f"own-rows: the children of row {row} were read before the view expanded it",
              flush=True)
        os._exit(3)
    return ROWS[row][1]


class Rows(GObject.Object, Gtk.TreeModel):
    """Row r is (r + 1) << 8 in an iterator's user data, its child c adds c + 1."""

    def _iter(self, row, child=0):
        iterator = Gtk.TreeIter()
        iterator.stamp = STAMP
        iterator.user_data = ((row + 1) << 8) | child
        return iterator

    @staticmethod
    def _place(iterator):
        return (iterator.user_data >> 8) - 1, iterator.user_data & 0xFF

    def do_get_flags(self):
        return Gtk.TreeModelFlags.ITERS_PERSIST

    def do_get_n_columns(self):
        return 1

    def do_get_column_type(self, index):
        return GObject.TYPE_STRING

    def do_get_iter(self, path):
        indices = path.get_indices()
        if len(indices) == 1 and indices[0] < len(ROWS):
            return True, self._iter(indices[0])
        if len(indices) == 2 and indices[0] < len(ROWS) \
                and indices[1] < len(children_of(indices[0])):
            return True, self._iter(indices[0], indices[1] + 1)
        return False, None

    def do_get_path(self, iterator):
        row, child = self._place(iterator)
        return Gtk.TreePath([row] if child == 0 else [row, child - 1])

    def do_get_value(self, iterator, column):
        row, child = self._place(iterator)
        message = ROWS[row][0] if child == 0 else children_of(row)[child - 1]
        return translation.gettext(message)

    def do_iter_next(self, iterator):
        row, child = self._place(iterator)
        if child == 0 and row + 1 < len(ROWS):
            iterator.user_data = (row + 2) << 8
            return True
        if child != 0 and child < len(children_of(row)):
            iterator.user_data += 1
            return True
        return False

    def do_iter_children(self, parent):
        if parent is None:
            return True, self._iter(0)
        row, child = self._place(parent)
        if child == 0 and children_of(row):
            return True, self._iter(row, 1)
        return False, None

    def do_iter_has_child(self, iterator):
        return self._place(iterator)[1] == 0

    def do_iter_n_children(self, iterator):
        if iterator is None:
            return len(ROWS)
        row, child = self._place(iterator)
        return len(children_of(row)) if child == 0 else 0

    def do_iter_nth_child(self, parent, index):
        if parent is None:
            return (True, self._iter(index)) if index < len(ROWS) else (False, None)
        row, child = self._place(parent)
        if child == 0 and index < len(children_of(row)):
            return True, self._iter(row, index + 1)
        return False, None

    def do_iter_parent(self, iterator):
        row, child = self._place(iterator)
        return (True, self._iter(row)) if child != 0 else (False, None)


view = Gtk.TreeView(model=Rows(), headers_visible=False)
view.append_column(Gtk.TreeViewColumn("", Gtk.CellRendererText(), text=0))
view.expand_row(Gtk.TreePath([0]), False)
window = Gtk.Window(title="own-rows")
window.set_default_size(320, 180)
window.add(view)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
