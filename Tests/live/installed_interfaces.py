"""A real program's own `.ui` file, as a distribution installs it, read by Parlance with
the program's installed catalogs: geany's `geany.glade` (627 KB, 564 texts, the
largest `.ui` of a Debian 12 machine), its main window alone (`--object window1`, which
needs the accel group beside it), against glibc's own gettext on the same catalogs:
`geany.mo` for the file's texts, GTK's `gtk30.mo` for its stock menu items.
"""

import json
import os
import subprocess

from report import check

GLADE = "/usr/share/geany/geany.glade"

# glibc's gettext in a process of its own, in German: the oracle. A text with a context
# is asked as gettext stores it (context, EOT, msgid).
ORACLE = """
import json, locale, sys
locale.setlocale(locale.LC_ALL, "")
for domain in ("geany", "gtk30"):
    locale.bindtextdomain(domain, "/usr/share/locale")
asked = json.load(sys.stdin)
print(json.dumps([locale.dgettext(d, (c + "\\x04" + m) if c else m) for d, c, m in asked]))
"""


def geany_main_window(parlance, env, timeout):
    """`parlance ui-strings geany.glade --object window1` in German, from the installed
    geany.mo: no element refused, and every text as glibc's gettext translates it."""
    result = subprocess.run(
        [parlance, "ui-strings", GLADE, "--object", "window1", "--locale-dir",
         "/usr/share/locale", "--gettext-domain", "geany", "--language", "de", "--json"],
        env=env, capture_output=True, text=True, timeout=timeout)
    try:
        texts = json.loads(result.stdout) if result.returncode == 0 else []
    except ValueError:
        texts = []
    check("parlance ui-strings reads geany's main window from geany.glade, nothing refused",
          len(texts) > 100 and result.stderr.strip() == "",
          f"{len(texts)} texts; " + result.stderr[-800:])
    if not texts:
        return
    oracle_env = dict(env, LANG="de_DE.UTF-8", LANGUAGE="de")
    oracle_env.pop("LC_ALL", None)
    # The domain is the catalog the text came from: a stock item's is GTK's.
    asked = [("gtk30" if "/gtk30.mo" in (text["source"] or "") else "geany",
              text["context"] or "", text["msgid"]) for text in texts]
    answer = subprocess.run(["/usr/bin/python3", "-c", ORACLE], input=json.dumps(asked),
                            env=oracle_env, capture_output=True, text=True, timeout=timeout)
    try:
        expected = json.loads(answer.stdout)
    except ValueError:
        expected = []
    differing = [(text["msgid"], text["value"], wanted)
                 for text, wanted in zip(texts, expected) if text["value"] != wanted]
    check(f"each of its {len(texts)} texts is what glibc's gettext gives in German",
          len(expected) == len(texts) and not differing and os.path.exists(GLADE),
          answer.stderr[-400:] + str(differing[:10]))
