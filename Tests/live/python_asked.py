"""A PyGObject program whose Python gettext reads a domain of its own, and which shows
two of GTK's texts that several of GTK's messages show in German, asked of glibc's
gettext through GLib ("Erweitert" is gtk30's "Advanced" and "Miscellaneous", "Suchen"
its "Search" and "Searching"; it asks for "Miscellaneous" and "Searching" only), as a
program's GtkBuilder files and GTK's own texts are. The button "uncached" reads its
domain's catalog into a translation of its own, which Python's cache of catalogs does
not hold, and keeps it.

Usage: /usr/bin/python3 python_asked.py (LANGUAGE names the language,
PYTHON_FIXTURE_LOCALEDIR the folder of its own domain's catalogs).
"""

import gettext
import os

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

GLib.set_prgname("python-asked")
DOMAIN = "parlance-python-fixture"
folder = os.environ.get("PYTHON_FIXTURE_LOCALEDIR")
languages = [name for name in os.environ.get("LANGUAGE", "").split(":") if name]
own = gettext.translation(DOMAIN, localedir=folder, languages=languages or None,
                          fallback=True)
held = []


def read_uncached(_):
    path = gettext.find(DOMAIN, folder, languages=languages or None)
    if path:
        with open(path, "rb") as file:
            held.append(gettext.GNUTranslations(file))


window = Gtk.Window(title="python-asked")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
box.add(Gtk.Label(label=own.gettext("Wobble the frobnicator")))
box.add(Gtk.Label(label=GLib.dgettext("gtk30", "Miscellaneous")))
box.add(Gtk.Label(label=GLib.dgettext("gtk30", "Searching")))
uncached = Gtk.Button(label="uncached")
uncached.connect("clicked", read_uncached)
box.add(uncached)
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
