"""What the window must show, from the catalogs: Resources/*.lproj/Localizable.strings
read by a small parser here, and `parlance string` for placeholders and plurals."""

import os
import re
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESOURCES = os.environ.get("PARLANCE_RESOURCES") or os.path.join(REPO, "Resources")


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
