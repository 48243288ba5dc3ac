#!/usr/bin/python3
"""glibc's own answers for the messages of a compiled catalog: the oracle of the .mo tests.

Usage: gettext_oracle.py LOCALE_DIR DOMAIN LANGUAGE < queries.json > answers.json

Each query is {"msgid": …, "context": … or null, "plural": … or null, "n": … or null};
each answer {"text": …, "translated": true|false}. The answers come from libc's
dgettext, dngettext and the U+0004 form of dpgettext, called through ctypes in a process
of their own: LANGUAGE and the locale are set before anything reads them, as in a real
program, and the tests' own process never changes its environment.
"""
import ctypes
import json
import os
import sys


def main():
    locale_dir, domain, language = sys.argv[1:4]
    libc = ctypes.CDLL("libc.so.6")
    libc.setlocale.restype = ctypes.c_char_p
    libc.setlocale.argtypes = [ctypes.c_int, ctypes.c_char_p]
    # LANGUAGE is ignored in the plain "C" locale; C.UTF-8 exists on every glibc system.
    if libc.setlocale(6, b"C.UTF-8") is None:  # LC_ALL
        sys.exit("gettext_oracle: no C.UTF-8 locale")
    os.environ["LANGUAGE"] = language
    libc.setenv(b"LANGUAGE", language.encode(), 1)
    libc.bindtextdomain.restype = ctypes.c_char_p
    libc.bindtextdomain.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    libc.bind_textdomain_codeset.restype = ctypes.c_char_p
    libc.bind_textdomain_codeset.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    libc.bindtextdomain(domain.encode(), locale_dir.encode())
    libc.bind_textdomain_codeset(domain.encode(), b"UTF-8")
    libc.dgettext.restype = ctypes.c_void_p
    libc.dgettext.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    libc.dngettext.restype = ctypes.c_void_p
    libc.dngettext.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_ulong]

    answers = []
    for query in json.load(sys.stdin):
        key = query["msgid"].encode()
        if query.get("context") is not None:
            key = query["context"].encode() + b"\x04" + key
        given = ctypes.create_string_buffer(key)
        address = ctypes.addressof(given)
        if query.get("n") is not None:
            plural = ctypes.create_string_buffer((query.get("plural") or query["msgid"]).encode())
            result = libc.dngettext(domain.encode(), address, ctypes.addressof(plural), query["n"])
            translated = result not in (address, ctypes.addressof(plural))
        else:
            result = libc.dgettext(domain.encode(), address)
            translated = result != address
        text = ctypes.string_at(result).decode("utf-8", "replace")
        if not translated and query.get("context") is not None:
            text = text.split("\x04", 1)[-1]
        answers.append({"text": text, "translated": translated})
    json.dump(answers, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
