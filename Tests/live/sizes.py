"""A PyGObject program showing a size through GLib's message "%.1f MB", written with the
decimal comma of the program's numbers ("1,5 MB" under LANG=de_DE.UTF-8), which stay
the user's when its language changes: a fresh start in French shows "1,5 Mo".

Usage: /usr/bin/python3 sizes.py (LANGUAGE names the language).
"""

import gettext
import locale

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

GLib.set_prgname("sizes")
glib = gettext.translation("glib20", fallback=True)
window = Gtk.Window(title="sizes")
# GTK set the locale of every category from the environment when it started.
window.add(Gtk.Label(label=locale.format_string(glib.gettext("%.1f MB"), 1.5)))
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
