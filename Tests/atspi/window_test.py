#!/usr/bin/python3
"""Drives the Parlance window from outside, as an assistive technology would (AT-SPI).

Usage: window_test.py [PARLANCE_BIN]      (or PARLANCE_BIN in the environment)

Needs a display (Xvfb) and a D-Bus session bus: run it through Tests/atspi/run, which
provides both when missing. Uses the system python (/usr/bin/python3) for `gi` and
gir1.2-atspi-2.0.

What it checks, in one process after another over one temporary XDG_CONFIG_HOME:
  1. the window appears in the AT-SPI tree (polled, never a fixed sleep);
  2. its title, labels, accessible names and descriptions (tooltips) are the English
     catalog values;
  3. notes typed through EditableText, caret placed through Text;
  4. "Deutsch" picked through the combo box's menu item (Action "click"): every text,
     the title, accessible names and tooltips become German; notes and caret survive;
  5. "العربية" picked through the combo box's Selection interface: Arabic texts, and
     the layout mirrors (the combo box moves to the left of its caption);
  6. the choice is written to $XDG_CONFIG_HOME/parlance/language.json, and a second
     process started with LANGUAGE=en comes up in Arabic;
  7. in every language, the combo box, the spin button and the notes are labelled by
     their visible captions, and each caption is a label for its control (relations);
  8. a third process in German with a broken French catalog: picking it shows the info
     bar, named in German, with a close button named in German; the close button's
     action hides the bar, and changing the number (Value) does not bring it back.
Expected texts come from the catalogs (Resources/*.lproj/Localizable.strings, read by a
small parser here, and `parlance string` for placeholders and plurals), never from
strings written into this file. Prints one line per check, then `N passed, M failed`.
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import warnings

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

# PyGObject flags Atspi.Action.get_action_name and friends as deprecated; their
# replacements are missing from the 2.46 typelib of Debian 12.
warnings.filterwarnings("ignore", category=DeprecationWarning, module=__name__)

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESOURCES = os.environ.get("PARLANCE_RESOURCES") or os.path.join(REPO, "Resources")
TIMEOUT = float(os.environ.get("ATSPI_TEST_TIMEOUT", "10"))
NOTES = "Zażółć gęślą jaźń — 日本語 ✓\nsecond line"
CARET = 7

passed = 0
failed = 0


def check(name, ok, details=None):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS {name}", flush=True)
    else:
        failed += 1
        print(f"FAIL {name}", flush=True)
        if details:
            for line in str(details).splitlines():
                print(f"     {line}", flush=True)
    return ok


# MARK: Catalogs


def parse_strings(path):
    """Key → value of an Apple .strings file (UTF-8, comments, the common escapes)."""
    with open(path, encoding="utf-8-sig") as file:
        text = file.read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"^\s*//.*$", "", text, flags=re.M)
    quoted = r'"((?:[^"\\]|\\.)*)"'
    escapes = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'"}

    def unescape(value):
        return re.sub(
            r"\\(U[0-9a-fA-F]{4}|u[0-9a-fA-F]{4}|.)",
            lambda m: chr(int(m.group(1)[1:], 16))
            if len(m.group(1)) == 5
            else escapes.get(m.group(1), m.group(1)),
            value,
        )

    return {
        unescape(key): unescape(value)
        for key, value in re.findall(quoted + r"\s*=\s*" + quoted + r"\s*;", text)
    }


_tables = {}


def catalog(language, key):
    """A plain message (no placeholders) straight from the language's .strings file."""
    if language not in _tables:
        _tables[language] = parse_strings(
            os.path.join(RESOURCES, f"{language}.lproj", "Localizable.strings"))
    return _tables[language][key]


def message(binary, language, key, *options):
    """A message as the program formats it (placeholders, plurals): `parlance string`."""
    result = subprocess.run(
        [binary, "string", key, "--language", language, "--resources", RESOURCES, *options],
        capture_output=True, text=True, timeout=30, env=dict(os.environ, LANGUAGE="en"))
    if result.returncode != 0:
        raise RuntimeError(f"parlance string {key} --language {language}: {result.stderr}")
    return result.stdout.rstrip("\n")


def expectations(binary, language):
    """What the window must show in `language`: title, label texts, accessible names."""
    return {
        "title": catalog(language, "window.title"),
        "labels": {
            "greeting": catalog(language, "greeting"),
            "welcome.text": catalog(language, "welcome.text"),
            "label.language": catalog(language, "label.language"),
            "label.notes": catalog(language, "label.notes"),
            "user.name.format": message(
                binary, language, "user.name.format", "--arg", "name=Anna Kowalska"),
            "files.count": message(binary, language, "files.count", "--count", "5"),
        },
        "names": {
            "combo box": catalog(language, "accessible.language"),
            "spin button": catalog(language, "accessible.files"),
            "notes": catalog(language, "accessible.notes"),
        },
        # The visible caption a screen reader announces with each control.
        "captions": {
            "combo box": catalog(language, "label.language"),
            "spin button": catalog(language, "label.files"),
            "notes": catalog(language, "label.notes"),
        },
        # GTK 3 makes a widget's tooltip its accessible description.
        "descriptions": {
            "combo box": catalog(language, "tooltip.language"),
            "spin button": catalog(language, "tooltip.files"),
            "notes": catalog(language, "tooltip.notes"),
        },
    }


# MARK: AT-SPI


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


def wait_for_language(app, expected, language):
    """Polls until the title and every expected label are in `language`."""

    def probe():
        labels = app.labels()
        return app.title() == expected["title"] and all(
            text in labels for text in expected["labels"].values())

    ok, error = poll(f"the window in {language}", probe)
    return check(f"{language}: the title and the labels change", bool(ok),
                 f"{error}\nexpected: {expected}\ntree:\n{app.dump()}")


def check_texts(app, expected, language):
    title = app.title()
    check(f"{language}: window title is {expected['title']!r}", title == expected["title"],
          f"saw {title!r}")
    labels = app.labels()
    for key, text in expected["labels"].items():
        check(f"{language}: label {key} reads {text!r}", text in labels,
              "labels seen:\n" + "\n".join(repr(label) for label in labels))
    nodes = {"combo box": app.combo(), "spin button": app.spin(), "notes": app.notes()}
    for what, name in expected["names"].items():
        seen = fresh(nodes[what]).get_name()
        check(f"{language}: {what} is named {name!r}", seen == name, f"saw {seen!r}")
    for what, description in expected["descriptions"].items():
        seen = fresh(nodes[what]).get_description()
        check(f"{language}: {what} is described {description!r} (its tooltip)",
              seen == description, f"saw {seen!r}")
    check_relations(app, expected, language)


def relation_targets(accessible, relation_type):
    """The targets of `accessible`'s relations of `relation_type`."""
    targets = []
    for relation in fresh(accessible).get_relation_set():
        if relation.get_relation_type() == relation_type:
            targets += [relation.get_target(i) for i in range(relation.get_n_targets())]
    return targets


def same(one, other):
    return one.get_role() == other.get_role() and one.get_name() == other.get_name()


def check_relations(app, expected, language):
    """Each control is labelled by its caption, and the caption is a label for it."""
    nodes = {"combo box": app.combo(), "spin button": app.spin(), "notes": app.notes()}
    captions = app.nodes(Atspi.Role.LABEL)
    for what, text in expected["captions"].items():
        node = nodes[what]
        labels = [target.get_name()
                  for target in relation_targets(node, Atspi.RelationType.LABELLED_BY)]
        check(f"{language}: the {what} is labelled by its caption {text!r}", text in labels,
              f"labelled by {labels}")
        caption = next((label for label in captions if fresh(label).get_name() == text), None)
        targets = [] if caption is None else relation_targets(caption, Atspi.RelationType.LABEL_FOR)
        check(f"{language}: the caption {text!r} is a label for the {what}",
              any(same(target, node) for target in targets),
              f"caption found: {caption is not None}; label for "
              f"{[(t.get_role_name(), t.get_name()) for t in targets]}")


def check_notes(app, language):
    notes = app.notes()
    text = Atspi.Text.get_text(fresh(notes), 0, -1)
    check(f"{language}: the notes are unchanged", text == NOTES, f"saw {text!r}")
    caret = Atspi.Text.get_caret_offset(notes)
    check(f"{language}: the caret is still at offset {CARET}", caret == CARET, f"saw {caret}")


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


def check_info_bar(binary, config_home):
    """A failed switch shows the info bar; closed, it stays closed while the user works."""
    folder = tempfile.mkdtemp(prefix="parlance-atspi-broken-")
    broken = os.path.join(folder, "fr.lproj")
    os.makedirs(broken)
    with open(os.path.join(broken, "Localizable.strings"), "w", encoding="utf-8") as file:
        file.write('"greeting" = "Bonjour";\n"oops" = ;\n')
    events = ShowingEvents()
    app = App(binary, config_home, language="de", extra=["--translations", folder])
    try:
        if not app.find():
            return
        german = expectations(binary, "de")
        if not wait_for_language(app, german, "broken French, de"):
            return
        names = [fresh(item).get_name() for item in app.menu_items()]
        french = next((name for name in names if name.lower().startswith("fran")), None)
        check("de: the combo box lists the broken French", french is not None, f"saw {names}")
        check("de: no info bar at the start", not events.showing(info_bar(app)))
        check("the combo box selects French through Selection", pick_by_selection(app, french))
        shown, error = poll("the info bar", lambda: events.showing(info_bar(app)))
        check("de: a failed switch shows the info bar", bool(shown), f"{error}\n{app.dump()}")
        name = fresh(info_bar(app)).get_name()
        check(f"de: the info bar is named {catalog('de', 'accessible.problem')!r}",
              name == catalog("de", "accessible.problem"), f"saw {name!r}")
        close = close_button(app)
        close_name = fresh(close).get_name()
        check(f"de: its close button is named {catalog('de', 'accessible.problem.close')!r}",
              close_name == catalog("de", "accessible.problem.close"), f"saw {close_name!r}")

        action = Atspi.Action.get_action_name(close, 0)
        check(f"the close button has action {action!r} and does it",
              Atspi.Action.do_action(close, 0))
        hidden, error = poll("the closed info bar", lambda: not events.showing(info_bar(app)))
        check("de: the close button hides the info bar", bool(hidden), error)

        # The user changes the number: the window renders again; the bar stays closed.
        Atspi.Value.set_current_value(app.spin(), 7)
        seven = message(binary, "de", "files.count", "--count", "7")
        changed, error = poll("the plural line", lambda: seven in app.labels())
        check(f"de: the number changed through Value; the line reads {seven!r}", bool(changed),
              error)
        check("de: the closed info bar stays closed after a render",
              not events.showing(info_bar(app)), app.dump())
    except Exception as error:  # noqa: BLE001
        check(f"unexpected {type(error).__name__}", False, f"{error}\ntree:\n{app.dump()}"
              f"\napp output:\n{app.output()}")
    finally:
        app.quit()
        events.close()
        shutil.rmtree(folder, ignore_errors=True)


def main():
    binary = (sys.argv[1] if len(sys.argv) > 1 else os.environ.get("PARLANCE_BIN", ""))
    if not binary or not os.access(binary, os.X_OK):
        print(f"usage: {sys.argv[0]} PATH-TO-parlance (or PARLANCE_BIN); got {binary!r}",
              file=sys.stderr)
        return 2
    binary = os.path.abspath(binary)
    if not os.environ.get("DISPLAY") or not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        print("window_test.py: needs DISPLAY and a session bus; run Tests/atspi/run",
              file=sys.stderr)
        return 2
    # Method calls wait up to 5 s (the default 0.8 s is short on a loaded CI machine).
    Atspi.set_timeout(5000, 15000)

    english, german, arabic = (expectations(binary, tag) for tag in ("en", "de", "ar"))
    config_home = tempfile.mkdtemp(prefix="parlance-atspi-")
    preference = os.path.join(config_home, "parlance", "language.json")
    app = App(binary, config_home)
    try:
        if not app.find():
            return 1
        check("the window appears in the AT-SPI tree", True)

        # English first.
        if not wait_for_language(app, english, "en"):
            return 1
        check_texts(app, english, "en")
        entries = [fresh(item).get_name() for item in app.menu_items()]
        check("en: the combo box lists System language, then Deutsch and العربية",
              entries[:1] == [message(binary, "en", "language.system")]
              and "Deutsch" in entries and "العربية" in entries, f"saw {entries}")
        number_en = [label for label in app.labels() if "234" in label and "567" in label]
        caption, combo = app.caption_of_combo(), app.combo()
        check("en: the combo box is right of its caption (left to right)",
              extents(caption).x + extents(caption).width <= extents(combo).x,
              f"caption {extents(caption).x}+{extents(caption).width}, "
              f"combo {extents(combo).x}")

        # The user types notes (EditableText takes the length in bytes) and moves the caret.
        notes = app.notes()
        Atspi.EditableText.insert_text(notes, 0, NOTES, len(NOTES.encode("utf-8")))
        Atspi.Text.set_caret_offset(notes, CARET)
        typed, _ = poll("the notes", lambda: Atspi.Text.get_text(fresh(notes), 0, -1) == NOTES
                        and Atspi.Text.get_caret_offset(notes) == CARET)
        check("en: notes typed through EditableText, caret placed through Text", bool(typed),
              f"text {Atspi.Text.get_text(notes, 0, -1)!r}, "
              f"caret {Atspi.Text.get_caret_offset(notes)}")

        # Deutsch, through the menu item's action, as a screen reader clicks it.
        done, action = pick_by_action(app, "Deutsch")
        check(f"the menu item Deutsch has action {action!r} and does it", done)
        if wait_for_language(app, german, "de"):
            check_texts(app, german, "de")
        check_notes(app, "de")
        number_de = [label for label in app.labels() if "234" in label and "567" in label]
        check("de: the number is formatted anew (separators)",
              len(number_de) == 1 and number_de != number_en, f"en {number_en}, de {number_de}")
        check("de: the combo box shows Deutsch as selected", selected_entry(app) == "Deutsch",
              f"saw {selected_entry(app)!r}")

        # العربية, through the combo box's Selection interface.
        check("the combo box selects العربية through Selection",
              pick_by_selection(app, "العربية"))
        if wait_for_language(app, arabic, "ar"):
            check_texts(app, arabic, "ar")
        check_notes(app, "ar")

        def mirrored():
            caption, combo = app.caption_of_combo(), app.combo()
            return extents(combo).x + extents(combo).width <= extents(caption).x

        flipped, error = poll("the mirrored layout", mirrored)
        caption, combo = app.caption_of_combo(), app.combo()
        check("ar: the layout is right to left (combo box left of its caption)", bool(flipped),
              f"{error}: caption x={extents(caption).x} w={extents(caption).width}, "
              f"combo x={extents(combo).x} w={extents(combo).width}")

        saved, _ = poll("the saved choice", lambda: os.path.exists(preference)
                        and '"ar"' in open(preference, encoding="utf-8").read())
        check(f"the choice is saved in {preference}", bool(saved),
              open(preference, encoding="utf-8").read() if os.path.exists(preference)
              else "no file")
    except Exception as error:  # noqa: BLE001 — report, dump, count as a failure
        check(f"unexpected {type(error).__name__}", False, f"{error}\ntree:\n{app.dump()}"
              f"\napp output:\n{app.output()}")
    finally:
        app.quit()
    check("the first window ends", app.process.returncode is not None)

    # A second process, same XDG_CONFIG_HOME, LANGUAGE=en: the saved Arabic wins.
    second = App(binary, config_home)
    try:
        if second.find():
            check("second process: the window appears", True)
            if wait_for_language(second, arabic, "second process, ar"):
                check_texts(second, arabic, "second process, ar")
            check("second process: the combo box shows العربية as selected",
                  selected_entry(second) == "العربية", f"saw {selected_entry(second)!r}")
    except Exception as error:  # noqa: BLE001
        check(f"unexpected {type(error).__name__}", False, f"{error}\ntree:\n{second.dump()}"
              f"\napp output:\n{second.output()}")
    finally:
        second.quit()
    check_info_bar(binary, config_home)
    shutil.rmtree(config_home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    status = main()
    print(f"{passed} passed, {failed} failed", flush=True)
    sys.exit(status or (1 if failed else 0))
