"""A PyGObject program whose window, 120 pixels wide at first, holds one label: GTK's
"Select a File" in the language it started in, which German writes narrower than that
and French wider, so that a switch from German to French makes the window grow (GTK
asks the window system for the new size and lays the window out when it answers) and
a switch on to Russian, narrower than French, does not.

Usage: /usr/bin/python3 growing.py (LANGUAGE or LANG names the language).
"""

import gettext

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

GLib.set_prgname("growing")
translation = gettext.translation("gtk30", fallback=True)

window = Gtk.Window(title="growing")
window.set_default_size(120, 40)
window.add(Gtk.Label(label=translation.gettext("Select a File")))
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
