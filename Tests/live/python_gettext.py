"""A PyGObject program that translates with Python's own gettext, as meld does (a
translation bound once at start): its label is GTK's "Other Locations". The button
"again" sets the label again from a copy the program made at start, which no switch
reaches; "anew" asks its translation again, which follows a switch. Below them a closed
expander holds GTK's "Properties", mapped by GTK but not shown, and last a label of a
domain of the program's own, whose catalogs only Python reads (glibc maps none of them):
"Wobble the frobnicator", from the folder PYTHON_FIXTURE_LOCALEDIR names.

Usage: /usr/bin/python3 python_gettext.py (LANGUAGE names the language).
"""

import gettext
import os

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

GLib.set_prgname("python-gettext")
languages = [name for name in os.environ.get("LANGUAGE", "").split(":") if name]
translation = gettext.translation("gtk30", languages=languages or None, fallback=True)
own = gettext.translation("parlance-python-fixture",
                          localedir=os.environ.get("PYTHON_FIXTURE_LOCALEDIR"),
                          languages=languages or None, fallback=True)

window = Gtk.Window(title="python-gettext")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
kept = translation.gettext("Other Locations")
label = Gtk.Label(label=kept)
again = Gtk.Button(label="again")
again.connect("clicked", lambda _: label.set_text(kept))
anew = Gtk.Button(label="anew")
anew.connect("clicked", lambda _: label.set_text(translation.gettext("Other Locations")))
closed = Gtk.Expander(label="more")
closed.add(Gtk.Label(label=translation.gettext("Properties")))
box.add(label)
box.add(again)
box.add(anew)
box.add(closed)
box.add(Gtk.Label(label=own.gettext("Wobble the frobnicator")))
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
