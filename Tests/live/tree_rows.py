"""A PyGObject program showing GTK's texts in a label and in the rows of a tree view, in
the language it started in: a switch changes the label (the window is laid out again)
and the rows (the program's own model), which the tree view measures again in a
frame's steps, not when the text is set.

Usage: /usr/bin/python3 tree_rows.py (LANGUAGE or LANG names the language).
"""

import gettext

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

GLib.set_prgname("tree-rows")
translation = gettext.translation("gtk30", fallback=True)

rows = Gtk.ListStore(str)
for message in ("Select a File", "Other Applications", "Could not clear list"):
    rows.append([translation.gettext(message)])
view = Gtk.TreeView(model=rows, headers_visible=False)
view.append_column(Gtk.TreeViewColumn("", Gtk.CellRendererText(), text=0))
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
box.add(Gtk.Label(label=translation.gettext("Other Locations")))
box.add(view)
window = Gtk.Window(title="tree-rows")
window.set_default_size(320, 150)
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
