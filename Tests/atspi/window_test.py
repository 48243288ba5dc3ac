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
small parser in catalogs.py, and `parlance string` for placeholders and plurals), never
from strings written into these files. The AT-SPI plumbing is in atspi_app.py. Prints
one line per check, then `N passed, M failed`.
"""

import os
import shutil
import sys
import tempfile
import warnings

from gi.repository import Atspi

import report
from atspi_app import (
    App, ShowingEvents, close_button, extents, fresh, info_bar, pick_by_action,
    pick_by_selection, poll, relation_targets, same, selected_entry)
from catalogs import catalog, expectations, message
from report import check

# PyGObject flags Atspi.Action.get_action_name and friends as deprecated; their
# replacements are missing from the 2.46 typelib of Debian 12.
warnings.filterwarnings("ignore", category=DeprecationWarning, module=__name__)

NOTES = "Zażółć gęślą jaźń — 日本語 ✓\nsecond line"
CARET = 7


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
    print(f"{report.passed} passed, {report.failed} failed", flush=True)
    sys.exit(status or (1 if report.failed else 0))
