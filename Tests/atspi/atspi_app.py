"""The Parlance window seen through AT-SPI: finding it, walking it, acting on it."""

import os
import signal
import subprocess
import tempfile
import time
import warnings

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

from catalogs import RESOURCES  # noqa: E402
from report import check  # noqa: E402

# PyGObject flags Atspi.Action.get_action_name and friends as deprecated; their
# replacements are missing from the 2.46 typelib of Debian 12.
warnings.filterwarnings("ignore", category=DeprecationWarning, module=__name__)

TIMEOUT = float(os.environ.get("ATSPI_TEST_TIMEOUT", "10"))


# What libatspi may cache for the window. Names, descriptions and children are always
# read from the app (they are what changes with the language); states, roles, parents
# and interfaces stay cached. Not Atspi.Cache.NONE, and no clear_cache(): libatspi
# handles state-changed events *inside* a blocking call (dbind_send_and_allow_reentry),
# and an uncached state set makes that handler call the app again from within
# dbus_connection_dispatch, which deadlocks libdbus (seen with at-spi2-core 2.46: the
# script hung in get_child_count).
CACHE_MASK = Atspi.Cache.PARENT | Atspi.Cache.STATES | Atspi.Cache.ROLE | Atspi.Cache.INTERFACES


def fresh(accessible):
    """The accessible itself: its names and children are never cached (CACHE_MASK)."""
    return accessible


def children(accessible):
    fresh(accessible)
    result = []
    for index in range(accessible.get_child_count()):
        child = accessible.get_child_at_index(index)
        if child is not None:
            result.append(child)
    return result


def walk(accessible):
    yield accessible
    for child in children(accessible):
        yield from walk(child)


def is_showing(accessible):
    return accessible.get_state_set().contains(Atspi.StateType.SHOWING)


def dump(accessible, depth=0, out=None):
    """The accessible tree as text, for failure messages."""
    out = [] if out is None else out
    try:
        fresh(accessible)
        role = accessible.get_role_name()
        name = accessible.get_name()
        extra = ""
        if "Text" in accessible.get_interfaces() and role in ("text", "label"):
            text = Atspi.Text.get_text(accessible, 0, -1)
            if text != name:
                extra = f" text={text!r}"
        showing = "" if is_showing(accessible) else " (hidden)"
        out.append(f"{'  ' * depth}{role} {name!r}{extra}{showing}")
        for child in children(accessible):
            dump(child, depth + 1, out)
    except GLib.Error as error:
        out.append(f"{'  ' * depth}<gone: {error.message}>")
    return "\n".join(out) if depth == 0 else out


def poll(what, probe, timeout=TIMEOUT):
    """probe() until it returns something true; (value, None) or (None, last error)."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        try:
            value = probe()
            if value:
                return value, None
        except (GLib.Error, LookupError, RuntimeError) as error:
            last = f"{what}: {error}"
        if time.monotonic() > deadline:
            return None, last or f"{what}: not within {timeout:g} s"
        time.sleep(0.1)


class App:
    """One running `parlance` window and its accessible application."""

    def __init__(self, binary, config_home, language=None, extra=()):
        self.log = tempfile.TemporaryFile(mode="w+")
        environment = dict(
            os.environ, XDG_CONFIG_HOME=config_home, LANGUAGE="en", LANG="en_US.UTF-8")
        environment.pop("NO_AT_BRIDGE", None)  # GTK 3 loads the ATK bridge unless set
        environment.pop("LC_ALL", None)
        environment.pop("LC_MESSAGES", None)
        arguments = [binary, "--resources", RESOURCES]
        if language:
            arguments += ["--language", language]
        arguments += list(extra)
        self.process = subprocess.Popen(
            arguments, env=environment, stdout=self.log, stderr=subprocess.STDOUT)
        self.application = None
        self.frame = None

    def output(self):
        self.log.seek(0)
        return self.log.read()

    def find(self, timeout=TIMEOUT):
        """Waits for the application (matched by process id) and its frame."""
        desktop = Atspi.get_desktop(0)

        def probe():
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"parlance exited with {self.process.returncode}:\n{self.output()}")
            for application in children(desktop):
                if application.get_process_id() != self.process.pid:
                    continue
                application.set_cache_mask(CACHE_MASK)
                frames = [
                    child for child in children(application)
                    if child.get_role() == Atspi.Role.FRAME
                ]
                if frames and children(frames[0]):
                    return application, frames[0]
            return None

        found, error = poll("the window in the AT-SPI tree", probe, timeout)
        if found:
            self.application, self.frame = found
            return True
        names = []
        try:
            names = [(a.get_name(), a.get_process_id()) for a in children(desktop)]
        except GLib.Error:
            pass
        return check("the window appears in the AT-SPI tree", False,
                     f"{error}\napplications on the bus: {names}\napp output:\n{self.output()}")

    def title(self):
        return fresh(self.frame).get_name()

    def nodes(self, role):
        return [node for node in walk(self.frame) if node.get_role() == role]

    def one(self, role, predicate=lambda node: True):
        matches = [node for node in self.nodes(role) if predicate(node)]
        if len(matches) != 1:
            raise LookupError(f"{len(matches)} {Atspi.Role(role).value_nick} found")
        return matches[0]

    def labels(self):
        return [
            fresh(node).get_name() for node in self.nodes(Atspi.Role.LABEL) if is_showing(node)
        ]

    def combo(self):
        return self.one(Atspi.Role.COMBO_BOX)

    def notes(self):
        return self.one(Atspi.Role.TEXT, lambda node: "EditableText" in node.get_interfaces())

    def spin(self):
        return self.one(Atspi.Role.SPIN_BUTTON)

    def caption_of_combo(self):
        """The label in the same row as the combo box (its visible caption)."""
        row = self.combo().get_parent()
        return [child for child in children(row) if child.get_role() == Atspi.Role.LABEL][0]

    def menu_items(self):
        """The combo box's entries: combo box → menu → menu items (GTK 3)."""
        menus = [c for c in children(self.combo()) if c.get_role() == Atspi.Role.MENU]
        if len(menus) != 1:
            raise LookupError(f"the combo box has {len(menus)} menus")
        return [c for c in children(menus[0]) if c.get_role() == Atspi.Role.MENU_ITEM]

    def dump(self):
        return dump(self.frame) if self.frame else "(no frame)"

    def quit(self):
        """GTK 3 frames offer no close action over AT-SPI: end the process instead."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def extents(accessible):
    return Atspi.Component.get_extents(accessible, Atspi.CoordType.WINDOW)


def relation_targets(accessible, relation_type):
    """The targets of `accessible`'s relations of `relation_type`."""
    targets = []
    for relation in fresh(accessible).get_relation_set():
        if relation.get_relation_type() == relation_type:
            targets += [relation.get_target(i) for i in range(relation.get_n_targets())]
    return targets


def same(one, other):
    return one.get_role() == other.get_role() and one.get_name() == other.get_name()


def pick_by_action(app, name):
    """What a screen reader does on a menu entry: its first action, "click"."""
    items = app.menu_items()
    item = next((i for i in items if fresh(i).get_name() == name), None)
    if item is None:
        raise LookupError(f"no menu item {name!r} among {[i.get_name() for i in items]}")
    action = Atspi.Action.get_action_name(item, 0)
    return Atspi.Action.do_action(item, 0), action


def pick_by_selection(app, name):
    """The combo box's own Selection interface: select_child(index of the entry)."""
    items = app.menu_items()
    names = [fresh(i).get_name() for i in items]
    return Atspi.Selection.select_child(app.combo(), names.index(name))


def selected_entry(app):
    combo = fresh(app.combo())
    if Atspi.Selection.get_n_selected_children(combo) != 1:
        return None
    return fresh(Atspi.Selection.get_selected_child(combo, 0)).get_name()


def info_bar(app):
    return app.one(Atspi.Role.INFO_BAR)


class ShowingEvents:
    """Keeps libatspi's cached SHOWING states up to date while it lives.

    The app sends state-changed events only for kinds someone listens to, and libatspi
    applies them to its cache only when this process dispatches its main context: without
    both, an info bar shown after it was first read stays "hidden" in the cache forever.
    """

    def __init__(self):
        self.listener = Atspi.EventListener.new(lambda event: None)
        self.listener.register("object:state-changed:showing")

    def showing(self, accessible):
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass
        return is_showing(accessible)

    def close(self):
        self.listener.deregister("object:state-changed:showing")


def close_button(app):
    buttons = [node for node in walk(info_bar(app)) if node.get_role() == Atspi.Role.PUSH_BUTTON]
    if len(buttons) != 1:
        raise LookupError(f"the info bar has {len(buttons)} buttons")
    return buttons[0]
