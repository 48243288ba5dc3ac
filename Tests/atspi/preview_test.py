#!/usr/bin/python3
"""Drives `parlance preview` from outside, as an assistive technology would (AT-SPI).

Usage: preview_test.py PARLANCE_BIN         (run it through Tests/atspi/run)

What it checks, on Transmission's PrefsDialog.ui (../shared/corpus/ui/transmission):
  1. `parlance preview PrefsDialog.ui` shows the dialog and the control bar, in English;
  2. text typed into the dialog's first entry (EditableText) is there;
  3. "Deutsch" picked in the control bar's combo box (the menu item's action): the
     dialog's title and labels become the German of de.po; the typed text stays;
  4. "العربية" picked through the combo box's Selection: Arabic texts, the typed text
     stays, and the dialog mirrors (its Close button moves left of its Help button);
     none of the picks is stored as the user's Parlance language;
  5. "Translator mode" ticked in the bar: a label's description (its tooltip) names its
     msgid, the .ui line and the .po line;
  6. `parlance PrefsDialog.ui` (what "Open With Parlance" runs) remembers the file; the
     Parlance window then offers it under its recent interfaces, and its button opens
     the preview in a process of its own; a recent file that is malformed by now shows
     its `file:line:column: error:` in the window's info bar.
Expected texts come from the .po files (a small reader below), never from this file.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import warnings

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

import report  # noqa: E402
from atspi_app import (  # noqa: E402
    CACHE_MASK, TIMEOUT, children, dump, extents, fresh, is_showing, poll, walk)
from catalogs import REPO, RESOURCES, catalog, parse_strings  # noqa: E402
from report import check  # noqa: E402

warnings.filterwarnings("ignore", category=DeprecationWarning, module=__name__)

CORPUS = os.path.join(os.path.dirname(REPO), "shared", "corpus", "ui", "transmission")
DIALOG = os.path.join(CORPUS, "gtk", "ui", "gtk3", "PrefsDialog.ui")
MALFORMED = os.path.join(REPO, "Tests", "ParlanceInterfaceTests", "Fixtures", "malformed.ui")
TYPED = "Zofia — 日本語 ✓"


def read_po(path):
    """(msgctxt, msgid) → msgstr of a .po file; untranslated entries left out."""
    entries, current, field = {}, {}, None

    def unquote(text):
        text = text.strip()[1:-1]
        return (text.replace('\\"', '"').replace("\\n", "\n").replace("\\t", "\t")
                .replace("\\\\", "\\"))

    def flush():
        if current.get("msgid") and current.get("msgstr") and not current.get("fuzzy"):
            entries[(current.get("msgctxt"), current["msgid"])] = current["msgstr"]

    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.rstrip("\n")
            if not line.strip():
                flush()
                current, field = {}, None
            elif line.startswith("#,") and "fuzzy" in line:
                current["fuzzy"] = True
            elif line.startswith(("msgctxt ", "msgid ", "msgstr ")):
                field, _, value = line.partition(" ")
                current[field] = unquote(value)
            elif line.startswith('"') and field:
                current[field] += unquote(line)
    flush()
    return entries


def catalog_errors(language, key):
    """A message of Parlance's Errors table, straight from its .strings file."""
    return parse_strings(os.path.join(RESOURCES, f"{language}.lproj", "Errors.strings"))[key]


def shown(text):
    """A label as a screen reader reads it: without the mnemonic underscore."""
    return text.replace("_", "", 1)


class Preview:
    """One running `parlance` process and the windows it shows in the AT-SPI tree."""

    def __init__(self, binary, arguments, config_home):
        self.log = tempfile.TemporaryFile(mode="w+")
        environment = dict(os.environ, XDG_CONFIG_HOME=config_home, LANGUAGE="en",
                           LANG="en_US.UTF-8", PARLANCE_RESOURCES=RESOURCES)
        for name in ("NO_AT_BRIDGE", "LC_ALL", "LC_MESSAGES"):
            environment.pop(name, None)
        self.process = subprocess.Popen(
            [binary, *arguments], env=environment, stdout=self.log, stderr=subprocess.STDOUT,
            cwd=tempfile.gettempdir())
        self.application = None

    def output(self):
        self.log.seek(0)
        return self.log.read()

    def find(self, role, name=None, pid=None):
        """Waits for a window of `role` (and `name`) of this process (or of `pid`)."""
        desktop = Atspi.get_desktop(0)
        pid = pid or self.process.pid

        def probe():
            if self.process.poll() is not None and pid == self.process.pid:
                raise RuntimeError(f"parlance exited with {self.process.returncode}:\n"
                                   f"{self.output()}")
            for application in children(desktop):
                if application.get_process_id() != pid:
                    continue
                application.set_cache_mask(CACHE_MASK)
                for window in children(application):
                    if window.get_role() == role and children(window) and (
                            name is None or fresh(window).get_name() == name):
                        return window
            return None

        return poll(f"a {Atspi.Role(role).value_nick} {name or ''} of process {pid}", probe)

    def quit(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def nodes(window, role):
    return [node for node in walk(window) if node.get_role() == role]


def label_names(window):
    return [fresh(node).get_name() for node in nodes(window, Atspi.Role.LABEL)]


def menu_items(combo):
    menus = [c for c in children(combo) if c.get_role() == Atspi.Role.MENU]
    if len(menus) != 1:
        raise LookupError(f"the combo box has {len(menus)} menus")
    return [c for c in children(menus[0]) if c.get_role() == Atspi.Role.MENU_ITEM]


def wait_for_texts(dialog, expected, language):
    """Polls until the dialog's title and every expected label read `expected`."""

    def tabs():
        return [fresh(node).get_name() for node in nodes(dialog, Atspi.Role.PAGE_TAB)]

    def probe():
        labels = label_names(dialog)
        return (fresh(dialog).get_name() == expected["title"]
                and all(text in labels for text in expected["labels"])
                and all(text in tabs() for text in expected["tabs"]))

    ok, error = poll(f"the dialog in {language}", probe)
    return check(f"{language}: the dialog's title, labels and page tabs change", bool(ok),
                 f"{error}\nexpected {expected}\nlabels: {label_names(dialog)}\n"
                 f"tabs: {tabs()}")


def expectations(po, language):
    """The dialog's title, labels and page tabs in `language` (English: the msgids)."""
    table = {} if po is None else read_po(os.path.join(CORPUS, "po", f"{po}.po"))

    def text(msgid):
        return shown(table.get((None, msgid), msgid))

    return {"title": text("Transmission Preferences"),
            "labels": [text("Speed Limits"), text("Privacy"), text("Listening Port")],
            "tabs": [text("Speed"), text("Network"), text("Desktop")], "language": language}


def button_named(window, name):
    for node in nodes(window, Atspi.Role.PUSH_BUTTON):
        if fresh(node).get_name() == name:
            return node
    raise LookupError(f"no button {name!r}")


def check_preview(binary, config_home):
    preview = Preview(binary, ["preview", DIALOG], config_home)
    try:
        bar, error = preview.find(Atspi.Role.FRAME)
        if not check("the control bar appears in the AT-SPI tree", bar is not None,
                     f"{error}\n{preview.output()}"):
            return
        english = expectations(None, "en")
        dialog, error = preview.find(Atspi.Role.DIALOG, english["title"])
        if not check("the dialog appears, titled in English", dialog is not None,
                     f"{error}\n{preview.output()}"):
            return
        check("the control bar names the po/ folder it found",
              os.path.join(CORPUS, "po") in label_names(bar), dump(bar))
        wait_for_texts(dialog, english, "en")

        entry = next(node for node in nodes(dialog, Atspi.Role.TEXT)
                     if "EditableText" in node.get_interfaces())
        Atspi.EditableText.insert_text(entry, 0, TYPED, len(TYPED.encode("utf-8")))
        typed, _ = poll("the typed text",
                        lambda: Atspi.Text.get_text(fresh(entry), 0, -1) == TYPED)
        check("en: text typed into the dialog's entry through EditableText", bool(typed))

        combo = next(node for node in nodes(bar, Atspi.Role.COMBO_BOX))
        entries = [fresh(item).get_name() for item in menu_items(combo)]
        check("the bar's combo box lists System language, Deutsch and العربية",
              entries[:1] == [catalog("en", "language.system")] and "Deutsch" in entries
              and "العربية" in entries, f"saw {entries}")
        german = next(item for item in menu_items(combo) if fresh(item).get_name() == "Deutsch")
        check("the menu item Deutsch does its action", Atspi.Action.do_action(german, 0))
        wait_for_texts(dialog, expectations("de", "de"), "de")
        text = Atspi.Text.get_text(fresh(entry), 0, -1)
        check("de: the typed text is still in the entry", text == TYPED, f"saw {text!r}")

        names = [fresh(item).get_name() for item in menu_items(combo)]
        check("the combo box selects العربية through Selection",
              Atspi.Selection.select_child(combo, names.index("العربية")))
        wait_for_texts(dialog, expectations("ar", "ar"), "ar")
        text = Atspi.Text.get_text(fresh(entry), 0, -1)
        check("ar: the typed text is still in the entry", text == TYPED, f"saw {text!r}")
        check_mirrored(dialog)
        check_translator_mode(bar, dialog)
        stored = os.path.join(config_home, "parlance", "language.json")
        check("the user's Parlance language is not touched by the preview's picks",
              not os.path.exists(stored), stored)
    except Exception as error:  # noqa: BLE001 — report, dump, count as a failure
        check(f"unexpected {type(error).__name__}", False, f"{error}\n{preview.output()}")
    finally:
        preview.quit()


def check_mirrored(dialog):
    """GTK's dialog buttons: Help at the start, Close at the end (right in LTR)."""
    help_name = shown(read_po(os.path.join(CORPUS, "po", "ar.po")).get((None, "_Help"), "_Help"))
    close_name = shown(read_po(os.path.join(CORPUS, "po", "ar.po")).get((None, "_Close"), "_Close"))

    def mirrored():
        close, help_button = button_named(dialog, close_name), button_named(dialog, help_name)
        return extents(close).x + extents(close).width <= extents(help_button).x

    flipped, error = poll("the mirrored dialog", mirrored)
    check("ar: the dialog is laid out right to left (Close left of Help)", bool(flipped),
          error)


def check_translator_mode(bar, dialog):
    toggle = next(node for node in nodes(bar, Atspi.Role.CHECK_BOX)
                  if fresh(node).get_name() == catalog("ar", "translator.mode"))
    check("the bar's Translator mode check box (in Arabic now) does its action",
          Atspi.Action.do_action(toggle, 0))
    po = os.path.join(CORPUS, "po", "ar.po")
    arabic = read_po(po)[(None, "Speed Limits")]
    with open(po, encoding="utf-8") as file:
        po_line = 1 + file.read().split('msgid "Speed Limits"')[0].count("\n")

    def described():
        label = next((node for node in nodes(dialog, Atspi.Role.LABEL)
                      if fresh(node).get_name() == arabic), None)
        return label is not None and "msgid: Speed Limits" in (fresh(label).get_description()
                                                                 or "") and label

    label, error = poll("the translator's tooltip", described)
    description = fresh(label).get_description() if label else ""
    check("translator mode: the label's description names its msgid", bool(label), error)
    check("translator mode: … its .ui line (PrefsDialog.ui:73)",
          "PrefsDialog.ui:73" in description, description)
    check(f"translator mode: … its .po line (ar.po:{po_line}) and the language ar",
          f"po/ar.po:{po_line}" in description and "language: ar" in description, description)


def check_open_from_the_window(binary, config_home):
    """`parlance FILE.ui` remembers the file; the window reopens it from its button."""
    opened = Preview(binary, [DIALOG], config_home)
    try:
        dialog, error = opened.find(Atspi.Role.DIALOG)
        check("`parlance PrefsDialog.ui` shows the dialog", dialog is not None,
              f"{error}\n{opened.output()}")
    finally:
        opened.quit()
    # A file that breaks after it was opened once: its preview will fail.
    recent = os.path.join(config_home, "parlance", "recent-interfaces.json")
    with open(recent, encoding="utf-8") as file:
        remembered = json.load(file)
    check("`parlance PrefsDialog.ui` put the file in the recent list",
          remembered.get("interfaces") == [DIALOG], f"saw {remembered}")
    with open(recent, "w", encoding="utf-8") as file:
        json.dump({"interfaces": [DIALOG, MALFORMED]}, file)
    window = Preview(binary, ["--language", "en"], config_home)
    child = None
    try:
        frame, error = window.find(Atspi.Role.FRAME)
        if not check("the Parlance window appears", frame is not None, error):
            return
        button, error = poll("the recent interface's button",
                             lambda: button_named(frame, "PrefsDialog.ui"))
        if not check("the window offers PrefsDialog.ui among its recent interfaces",
                     button is not None, f"{error}\n{dump(frame)}"):
            return
        check("its button does its action", Atspi.Action.do_action(button, 0))

        def other_process():
            for application in children(Atspi.get_desktop(0)):
                pid = application.get_process_id()
                if pid in (window.process.pid, opened.process.pid):
                    continue
                for node in children(application):
                    if node.get_role() == Atspi.Role.DIALOG and is_showing(node):
                        return pid, fresh(node).get_name()
            return None

        found, error = poll("the preview's dialog in another process", other_process)
        check("the preview opens in a process of its own, with the dialog",
              found is not None and found[1] == "Transmission Preferences", f"{error} {found}")
        child = found[0] if found else None

        broken = button_named(frame, os.path.basename(MALFORMED))
        check("the broken file's button does its action", Atspi.Action.do_action(broken, 0))

        def reported():
            return next((name for name in label_names(frame)
                         if f"{MALFORMED}:5:3: error: malformed interface" in (name or "")), None)

        message, error = poll("the failed preview's error in the info bar", reported)
        check("a preview that fails shows its file:line:column error in the window's info bar",
              message is not None and message.startswith(
                  catalog_errors("en", "error.interface.open").replace(
                      "#{file}", os.path.basename(MALFORMED))),
              f"{error}\n{message!r}\n{dump(frame)}")
    finally:
        if child:
            os.kill(child, signal.SIGTERM)
        window.quit()


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("PARLANCE_BIN", "")
    if not binary or not os.access(binary, os.X_OK):
        print(f"usage: {sys.argv[0]} PATH-TO-parlance; got {binary!r}", file=sys.stderr)
        return 2
    if not os.path.exists(DIALOG):
        print(f"preview_test.py: no Transmission corpus at {CORPUS}", file=sys.stderr)
        return 2
    binary = os.path.abspath(binary)
    Atspi.set_timeout(5000, 15000)
    config_home = tempfile.mkdtemp(prefix="parlance-atspi-preview-")
    try:
        check_preview(binary, config_home)
        check_open_from_the_window(binary, config_home)
    finally:
        shutil.rmtree(config_home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    status = main()
    print(f"{report.passed} passed, {report.failed} failed", flush=True)
    sys.exit(status or (1 if report.failed else 0))
