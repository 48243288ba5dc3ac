"""The two example programs driven over AT-SPI, as a user would: pick a language in
their menu and see their texts change at once, the user's input kept.

Usage: examples_test.py LIVESWITCH LIVEINTERFACE   (under a display and a session bus:
       Tests/examples/run provides both)
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "atspi"))

import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

import report  # noqa: E402
from atspi_app import App, fresh, pick_by_selection, poll  # noqa: E402
from report import check  # noqa: E402


class Example(App):
    """An example program, started in English, with the accessibility bridge on."""

    def __init__(self, binary):
        self.log = tempfile.TemporaryFile(mode="w+")
        environment = dict(os.environ, LANGUAGE="en", LANG="C.UTF-8")
        for name in ("NO_AT_BRIDGE", "LC_ALL", "LC_MESSAGES"):
            environment.pop(name, None)
        self.process = subprocess.Popen(
            [binary], env=environment, stdout=self.log, stderr=subprocess.STDOUT)
        self.application = None
        self.frame = None

    def names(self, role):
        return [fresh(node).get_name() for node in self.nodes(role)]


def shows(app, name, title, expected):
    """Waits until the window has `title` and every text of `expected` (role → names)."""
    def missing():
        return [
            (Atspi.Role(role).value_nick, text)
            for role, texts in expected.items() for text in texts if text not in app.names(role)
        ]

    def probe():
        return app.title() == title and not missing()

    shown, error = poll(f"the title {title!r} and its texts", probe)
    details = None
    if not shown:
        try:
            details = f"{error}\ntitle: {app.title()!r}, missing: {missing()}\n{app.dump()}"
        except Exception as failure:  # the window may be gone: say so rather than crash
            details = f"{error}\n{failure}"
    return check(name, bool(shown), details)


def live_switch(binary):
    app = Example(binary)
    try:
        if not app.find():
            return
        label = Atspi.Role.LABEL
        shows(app, "LiveSwitch opens in English", "Live switch", {label: ["Hello!", "3 files"]})
        entries = [fresh(item).get_name() for item in app.menu_items()]
        check("LiveSwitch's menu: the system language, then each language by its own name",
              entries == ["System language", "العربية", "Deutsch", "English", "Русский"],
              entries)
        pick_by_selection(app, "Deutsch")
        shows(app, "LiveSwitch in German, at once", "Live-Wechsel",
              {label: ["Hallo!", "3 Dateien"]})
        pick_by_selection(app, "Русский")
        shows(app, "LiveSwitch in Russian, from po/ru.po", "Живое переключение",
              {label: ["Здравствуйте!", "3 файла"]})
        Atspi.Value.set_current_value(app.spin(), 21)
        shows(app, "LiveSwitch counts 21 by the Russian plural rules", "Живое переключение",
              {label: ["21 файл"]})
        pick_by_selection(app, "العربية")
        shows(app, "LiveSwitch in Arabic, the count kept", "تبديل مباشر",
              {label: ["مرحبًا!", "21 ملفًا"]})
    finally:
        app.quit()


def live_interface(binary):
    app = Example(binary)
    try:
        if not app.find():
            return
        roles = Atspi.Role
        shows(app, "LiveInterface opens in English", "Send a message", {
            roles.LABEL: ["Write to a friend", "Language:"],
            roles.CHECK_BOX: ["Send a copy to me"], roles.PUSH_BUTTON: ["Send"]})
        entry = app.one(roles.TEXT)
        Atspi.EditableText.insert_text(entry, 0, "See you at eight", len("See you at eight"))
        pick_by_selection(app, "Deutsch")
        shows(app, "LiveInterface in German from po/de.po, the context 'verb' kept apart",
              "Nachricht senden", {
                  roles.LABEL: ["Schreiben Sie einem Freund", "Sprache:"],
                  roles.CHECK_BOX: ["Eine Kopie an mich senden"],
                  roles.PUSH_BUTTON: ["Senden"]})
        typed = Atspi.Text.get_text(entry, 0, -1)
        check("LiveInterface keeps what the user typed across the switch",
              typed == "See you at eight", repr(typed))
        pick_by_selection(app, "العربية")
        shows(app, "LiveInterface in Arabic", "إرسال رسالة",
              {roles.LABEL: ["اكتب إلى صديق", "اللغة:"]})
    finally:
        app.quit()


def main():
    if len(sys.argv) != 3:
        print(f"usage: {sys.argv[0]} LIVESWITCH LIVEINTERFACE", file=sys.stderr)
        return 2
    live_switch(sys.argv[1])
    live_interface(sys.argv[2])
    print(f"{report.passed} passed, {report.failed} failed", flush=True)
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
