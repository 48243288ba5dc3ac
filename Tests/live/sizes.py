"""A PyGObject program in the user's locale, which a switch of its language leaves as it
is: a size through GLib's message "%.1f MB", written with the decimal comma of the
program's numbers ("1,5 MB" under LANG=de_DE.UTF-8; a fresh start in French shows
"1,5 Mo"), and, in a second label, its messages locale and a child's LC_MESSAGES
("de_DE.UTF-8 de_DE.UTF-8": the user's, though `parlance run` starts GTK in English).

Usage: /usr/bin/python3 sizes.py (LANGUAGE names the language).
"""

import gettext
import locale

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

GLib.set_prgname("sizes")
glib = gettext.translation("glib20", fallback=True)
# GTK set the locale of every category from the environment when it started; a child
# started by GLib gets the process's environment (Python's os.environ is a copy).
_, child, _, _ = GLib.spawn_sync(None, ["/bin/sh", "-c", "printf %s \"$LC_MESSAGES\""], None,
                                 GLib.SpawnFlags.DEFAULT, None, None)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
box.add(Gtk.Label(label=locale.format_string(glib.gettext("%.1f MB"), 1.5)))
box.add(Gtk.Label(label=locale.setlocale(locale.LC_MESSAGES) + " " + child.decode()))
window = Gtk.Window(title="sizes")
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
