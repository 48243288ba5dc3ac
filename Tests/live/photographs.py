"""A running program read back and photographed in every language from one start.

`parlance screenshot --run` photographs mousepad in German, French, Arabic, Japanese and
English from one start: each language's picture differs, Arabic's menu bar is mirrored,
every text's rectangle is inside its picture, and inside the rectangle of a text the
pixels change between two languages where the text changes and not where it reads the
same; a steps file opens the About dialog in every language, and a bad one fails
naming its line; a program already running is named as the reason a start fails; a
label a PyGObject program sets again in German is reported in the French picture as
German; a window a switch makes grow is photographed grown, its label drawn as a fresh
start draws it. `parlance ui-strings --run --language fr` of mousepad lists what a fresh start
in French shows over AT-SPI.
"""

import gettext
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

import jsonschema

from report import check

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs",
                      "screenshot-report.schema.json")

LANGUAGES = ["de", "fr", "ar", "ja", "en"]


def pixels(path, width, height):
    """The picture's pixels, RGBA row after row (ImageMagick decodes the PNG)."""
    data = subprocess.run(["convert", path, "-depth", "8", "rgba:-"], capture_output=True,
                          check=True).stdout
    return data if len(data) == width * height * 4 else None


def crop(image, width, rect):
    rows = []
    for y in range(rect["y"], rect["y"] + rect["height"]):
        start = (y * width + rect["x"]) * 4
        rows.append(image[start:start + rect["width"] * 4])
    return b"".join(rows)


# Opens mousepad's About dialog, photographs it, closes it: made again in each language.
STEPS = """# mousepad's About dialog
click About
shot about
close
"""


def screenshot_matrix(parlance, env, timeout):
    out = tempfile.mkdtemp(prefix="live-shots-")
    steps = os.path.join(out, "steps.txt")
    with open(steps, "w") as file:
        file.write(STEPS)
    shots_dir = os.path.join(out, "shots")
    result = subprocess.run(
        [parlance, "screenshot", "--run", "--out", shots_dir, "--languages", ",".join(LANGUAGES),
         "--steps", steps, "--", "mousepad"], env=env, capture_output=True, text=True,
        timeout=timeout)
    check("parlance screenshot --run photographs mousepad in five languages from one start",
          result.returncode == 0 and result.stdout.count("] ") == 2 * len(LANGUAGES),
          result.stdout[-1500:] + result.stderr[-1500:])
    out = shots_dir
    steps_made(parlance, env, timeout, out)
    try:
        with open(f"{out}/report.json") as file:
            report = json.load(file)
    except (OSError, ValueError) as error:
        check("screenshot --run writes report.json", False, str(error))
        return
    with open(SCHEMA) as file:
        schema = json.load(file)
    try:
        jsonschema.validate(report, schema)
        valid = None
    except jsonschema.ValidationError as error:
        valid = error.message
    check("report.json follows docs/screenshot-report.schema.json", valid is None, str(valid))
    shots = {shot["tag"]: shot for shot in report["languages"]
             if shot["screenshot"].endswith(f"-{shot['tag']}-MousepadWindow.png")}
    about = {shot["tag"]: shot for shot in report["languages"]
             if shot["screenshot"].endswith(f"-{shot['tag']}-about-GtkAboutDialog.png")}
    check("the steps opened the About dialog and photographed it in every language",
          sorted(about) == sorted(LANGUAGES), str([s["screenshot"] for s in report["languages"]]))
    about_pictures = {open(f"{out}/{shot['screenshot']}", "rb").read() for shot in about.values()}
    check("the About dialog's pictures differ from language to language",
          len(about_pictures) == len(about), f"{len(about_pictures)} distinct of {len(about)}")
    check("each language has its picture of mousepad's window, with its texts",
          sorted(shots) == sorted(LANGUAGES) and all(shots[tag]["texts"] for tag in shots),
          json.dumps(report)[:1500])
    if sorted(shots) != sorted(LANGUAGES):
        return
    images = {tag: pixels(f"{out}/{shot['screenshot']}", shot["width"], shot["height"])
              for tag, shot in shots.items()}
    check("every picture decodes at the size the report gives",
          all(image is not None for image in images.values()))
    if any(image is None for image in images.values()):
        return
    distinct = len({images[tag] for tag in LANGUAGES})
    check("the five pictures differ", distinct == len(LANGUAGES), f"{distinct} distinct")

    outside = [(tag, text) for tag, shot in shots.items() for text in shot["texts"]
               if not (0 <= text["rect"]["x"] and 0 <= text["rect"]["y"]
                       and text["rect"]["width"] > 0 and text["rect"]["height"] > 0
                       and text["rect"]["x"] + text["rect"]["width"] <= shot["width"]
                       and text["rect"]["y"] + text["rect"]["height"] <= shot["height"])]
    check("every text's rectangle is inside its picture", not outside, str(outside[:5]))

    def menu_order(tag):
        """The x of the menu bar's File and Help items."""
        by_msgid = {text["msgid"]: text["rect"]["x"] for text in shots[tag]["texts"]
                    if text["domain"] == "mousepad"}
        return by_msgid.get("_File"), by_msgid.get("_Help")

    first, last = menu_order("ar")
    check("Arabic's picture is mirrored: File right of Help",
          first is not None and last is not None and first > last, str(menu_order("ar")))
    first, last = menu_order("de")
    check("German's is not: File left of Help",
          first is not None and last is not None and first < last, str(menu_order("de")))

    # A text drawn in two languages, found by its message: where it reads differently the
    # pixels of its rectangles differ, where it reads the same they are the same.
    changed, same = [], []
    for one, other in [("fr", "en"), ("de", "fr"), ("de", "en"), ("ja", "fr")]:
        theirs = {(text["domain"], text["context"], text["msgid"]): text
                  for text in shots[other]["texts"] if text["msgid"] is not None}
        for text in shots[one]["texts"]:
            match = theirs.get((text["domain"], text["context"], text["msgid"]))
            if match is None:
                continue
            mine = crop(images[one], shots[one]["width"], text["rect"])
            other_pixels = crop(images[other], shots[other]["width"], match["rect"])
            # The mnemonic is not drawn: "_Document" and "D_ocument" read the same.
            if plain(text["value"]) != plain(match["value"]):
                changed.append(mine != other_pixels)
            elif text["rect"]["width"] == match["rect"]["width"]:
                same.append(mine == other_pixels)
    check("inside the rectangles the pixels change where the text changes",
          len(changed) >= 10 and all(changed), f"{changed}")
    check("and not where it reads the same in both languages",
          len(same) >= 1 and all(same), f"{same}")
    with open(f"{out}/report.md") as file:
        markdown = file.read()
    check("report.md names the program and each picture",
          "mousepad" in markdown and all(shot["screenshot"] in markdown
                                         for shot in shots.values()), markdown[:800])


def steps_made(parlance, env, timeout, out):
    """A steps file with a line that is no step, and one whose click finds nothing: each
    fails naming its line, the second before anything is written for its language."""
    for text, wanted in [("click About\nklick Close\n", ":2:1: error: unknown step 'klick'"),
                         ("shot start\nclick No Such Thing\n",
                          ":2: in de, nothing shows 'No Such Thing'")]:
        steps = os.path.join(out, "bad-steps.txt")
        with open(steps, "w") as file:
            file.write(text)
        result = subprocess.run(
            [parlance, "screenshot", "--run", "--out", os.path.join(out, "bad"), "--languages",
             "de", "--steps", steps, "--", "mousepad"], env=env, capture_output=True, text=True,
            timeout=timeout)
        check(f"a steps file fails naming its line: {wanted}",
              result.returncode == 1 and steps + wanted in result.stderr, result.stderr[-800:])


def already_running(parlance, env, timeout):
    """mousepad running already (without the module): a second start hands its window to
    it and ends, and screenshot --run says so instead of waiting."""
    first = subprocess.Popen(["mousepad"], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        owned = False
        while time.monotonic() < deadline and not owned:
            answer = subprocess.run(
                ["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus",
                 "--object-path", "/org/freedesktop/DBus",
                 "--method", "org.freedesktop.DBus.NameHasOwner", "org.xfce.mousepad"],
                capture_output=True, text=True)
            owned = "true" in answer.stdout
            if not owned:
                time.sleep(0.1)
        out = tempfile.mkdtemp(prefix="live-second-")
        result = subprocess.run(
            [parlance, "screenshot", "--run", "--out", out, "--languages", "de", "--",
             "mousepad"], env=env, capture_output=True, text=True, timeout=timeout)
        check("a program already running is named as the reason screenshot --run cannot",
              owned and result.returncode == 1 and "already running" in result.stderr,
              result.stderr[-800:])
    finally:
        os.killpg(first.pid, 9)
        first.wait()


def other_language(parlance, env, timeout):
    """A PyGObject program that sets its label again with Python's own gettext (in the
    language it started in): after a switch to French and a click, the picture's report
    names the German label as German. The text inside its closed expander has no place
    in any picture: GTK maps it, but does not show it."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "python_gettext.py")
    out = tempfile.mkdtemp(prefix="live-other-")
    steps = os.path.join(out, "steps.txt")
    with open(steps, "w") as file:
        file.write("click again\nshot again\n")
    result = subprocess.run(
        [parlance, "screenshot", "--run", "--out", os.path.join(out, "shots"), "--languages",
         "de,fr", "--steps", steps, "--", "/usr/bin/python3", "-B", script], env=env,
        capture_output=True, text=True, timeout=timeout)
    german = gettext.translation("gtk30", languages=["de"]).gettext("Other Locations")
    try:
        with open(os.path.join(out, "shots", "report.json")) as file:
            shots = json.load(file)["languages"]
    except (OSError, ValueError):
        shots = []
    after = [shot for shot in shots if shot["screenshot"].startswith("02-fr-again-")]
    flagged = [entry for shot in after for entry in shot.get("otherLanguage") or []]
    check("a French picture names the label the program set again in German",
          result.returncode == 0 and {"text": german, "language": "de"}.items()
          <= (flagged[0].items() if flagged else {}.items()),
          result.stderr[-600:] + json.dumps(shots)[:1200])
    placed = [text for shot in shots for text in shot.get("texts") or []]
    check("the pictures place the label shown and nothing inside the closed expander",
          any(text["msgid"] == "Other Locations" for text in placed)
          and not any(text["msgid"] == "Properties" for text in placed),
          json.dumps(placed)[:1200])


def fresh_and_live_texts(parlance, env, timeout, script, languages, msgids):
    """`script` photographed in `languages` from one start, and started in each of them
    but the first: for each language, the picture's width and, for each of `msgids`
    drawn, whether its rectangle is inside the picture and the pixels inside it."""

    def shots(languages, language=None):
        out = tempfile.mkdtemp(prefix="live-fresh-")
        run_env = dict(env)
        if language is not None:
            run_env["LANGUAGE"] = language
        result = subprocess.run(
            [parlance, "screenshot", "--run", "--out", out, "--languages", languages, "--",
             "/usr/bin/python3", "-B", script], env=run_env, capture_output=True, text=True,
            timeout=timeout)
        try:
            with open(os.path.join(out, "report.json")) as file:
                taken = json.load(file)["languages"]
        except (OSError, ValueError):
            taken = []
        found = {}
        for shot in taken:
            image = pixels(os.path.join(out, shot["screenshot"]), shot["width"], shot["height"])
            texts = {}
            for text in shot.get("texts") or []:
                if text["msgid"] not in msgids or image is None:
                    continue
                rect = text["rect"]
                inside = (rect["x"] >= 0 and rect["y"] >= 0
                          and rect["x"] + rect["width"] <= shot["width"]
                          and rect["y"] + rect["height"] <= shot["height"])
                texts[text["msgid"]] = (inside,
                                        crop(image, shot["width"], rect) if inside else None)
            found[shot["tag"]] = (shot["width"], texts)
        return found, result

    live, result = shots(",".join(languages))
    fresh = {}
    for language in languages[1:]:
        fresh.update(shots(language, language)[0])
    return live, fresh, result


def growing_window(parlance, env, timeout):
    """A window whose label a switch makes wider than the window (German to French) is
    photographed once it has grown, and one that fits (French to Russian) at once: in
    both, the label's rectangle is inside the picture and its pixels are those of a
    fresh start in that language."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "growing.py")
    live, fresh, result = fresh_and_live_texts(parlance, env, timeout, script,
                                               ["de", "fr", "ru"], {"Select a File"})
    check("parlance screenshot --run photographs the growing window in three languages",
          result.returncode == 0 and sorted(live) == ["de", "fr", "ru"],
          result.stdout[-800:] + result.stderr[-800:])
    if sorted(live) != ["de", "fr", "ru"]:
        return
    check("the switch to French made the window wider, the one to Russian kept it",
          live["de"][0] < live["fr"][0] == live["ru"][0], str({k: v[0] for k, v in live.items()}))
    for language in ("fr", "ru"):
        label = live[language][1].get("Select a File")
        alone = fresh.get(language, (0, {}))[1].get("Select a File")
        check(f"the label is whole in the {language} picture, drawn as a fresh start draws it",
              label is not None and label[0] and label == alone,
              f"live: {label is not None and label[0]}, fresh start photographed: "
              f"{alone is not None}")


def tree_rows(parlance, env, timeout):
    """A tree view whose rows a switch translates is photographed with its column
    measured again: each row's pixels are those of a fresh start in that language."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tree_rows.py")
    msgids = {"Select a File", "Other Applications", "Could not clear list"}
    live, fresh, result = fresh_and_live_texts(parlance, env, timeout, script,
                                               ["de", "fr", "ru"], msgids)
    check("parlance screenshot --run photographs the tree view in three languages",
          result.returncode == 0 and sorted(live) == ["de", "fr", "ru"],
          result.stdout[-800:] + result.stderr[-800:])
    for language in ("fr", "ru"):
        rows = live.get(language, (0, {}))[1]
        alone = fresh.get(language, (0, {}))[1]
        check(f"the {language} picture's rows are drawn as a fresh start draws them",
              set(rows) == msgids and all(rows[m][0] and rows[m] == alone.get(m) for m in msgids),
              f"live {sorted(rows)}, fresh {sorted(alone)}, "
              f"same {[m for m in msgids if rows.get(m) == alone.get(m)]}")


def refused_calls(parlance, env, timeout):
    """Photograph and Act asked what they cannot do: each answers with its reason, and
    the program goes on answering."""
    process = subprocess.Popen([parlance, "run", "--language", "de", "mousepad"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    name = f"io.github.parlance.Live.p{process.pid}"

    def call(method, *arguments):
        return subprocess.run(
            ["gdbus", "call", "--session", "--dest", name, "--object-path",
             "/io/github/parlance/Live", "--method", f"io.github.parlance.Live1.{method}",
             *arguments], capture_output=True, text=True, timeout=timeout)

    try:
        subprocess.run(["gdbus", "wait", "--session", "--timeout", str(int(timeout)), name],
                       timeout=timeout + 5)
        call("Collect")
        for arguments, reason in [
            (("Photograph", "/nonexistent/folder", "png"),
             "cannot write '/nonexistent/folder/window-1.png'"),
            (("Photograph", "/nonexistent/folder", "pam"),
             "cannot write '/nonexistent/folder/window-1.pam'"),
            (("Photograph", "", "jpeg"), 'the format is "png" or "pam"'),
            (("Act", "wave", "0", ""), "no step 'wave'"),
            (("Act", "click", "4000000", ""), "no text 4000000 in the last Collect"),
            (("Act", "key", "0", "<Hyper>nothing"), "is not a key"),
            (("Act", "close", "0", ""), "closing it would end the program"),
        ]:
            answer = call(*arguments)
            check(f"{arguments[0]} {arguments[1]} is refused with its reason",
                  answer.returncode != 0 and reason in answer.stderr, answer.stderr[-400:])
        answer = call("Photograph", "", "png")
        check("the program answers Photograph after the refusals",
              answer.returncode == 0 and "MousepadWindow" in answer.stdout, answer.stderr[-400:])
        # The uncompressed picture `screenshot --run` takes: a PAM of the window's size.
        folder = tempfile.mkdtemp(prefix="live-pam-")
        answer = call("Photograph", folder, "pam")
        size = re.search(r"window-1\.pam', uint32 (\d+), uint32 (\d+)", answer.stdout)
        try:
            with open(os.path.join(folder, "window-1.pam"), "rb") as file:
                picture = file.read()
        except OSError:
            picture = b""
        header = (b"P7\nWIDTH %s\nHEIGHT %s\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
                  % (size.group(1).encode(), size.group(2).encode())) if size else b"-"
        check("Photograph writes a PAM of the window's size, drawn (not one colour)",
              picture.startswith(header)
              and len(picture) == len(header) + 4 * int(size.group(1)) * int(size.group(2))
              and len(set(picture[len(header)::4])) > 1,
              answer.stdout[-300:] + answer.stderr[-300:] + repr(picture[:80]))
        shutil.rmtree(folder, ignore_errors=True)
        order = answer_order(name, ["Photograph", "Collect"], timeout)
        check("a call sent while a Photograph waits for its frame is answered after it",
              order == ["Photograph", "Collect"], str(order))
    finally:
        os.killpg(process.pid, 9)
        process.wait()


def answer_order(name, methods, timeout):
    """The order in which the program at `name` answers `methods` (each without
    arguments but Photograph's), sent back to back on one connection."""
    from gi.repository import Gio, GLib
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    loop = GLib.MainLoop()
    answered = []

    def done(connection, result, method):
        try:
            connection.call_finish(result)
            answered.append(method)
        except GLib.Error as error:
            answered.append(f"{method}: {error.message}")
        if len(answered) == len(methods):
            loop.quit()

    for method in methods:
        arguments = GLib.Variant("(ss)", ("", "png")) if method == "Photograph" else None
        bus.call(name, "/io/github/parlance/Live", "io.github.parlance.Live1", method,
                 arguments, None, Gio.DBusCallFlags.NONE, int(timeout * 1000), None, done,
                 method)
    GLib.timeout_add(int(timeout * 1000), loop.quit)
    loop.run()
    return answered


def plain(text):
    """A text as AT-SPI reads it: no mnemonic, no markup, no accelerator padding."""
    text = re.sub(r"<[^>]+>", "", text)
    return re.sub(r"_(?=\w)", "", text).strip()


def ui_strings_run(parlance, env, timeout, program):
    """`ui-strings --run --language fr --json` of `program`: its texts (none when it
    failed) and the command's result."""
    result = subprocess.run(
        [parlance, "ui-strings", "--run", "--language", "fr", "--json", "--", program],
        env=env, capture_output=True, text=True, timeout=timeout)
    try:
        return (json.loads(result.stdout) if result.returncode == 0 else []), result
    except ValueError:
        return [], result


def read_back(parlance, env, timeout, fresh, parts):
    """`ui-strings --run --language fr` of mousepad against a fresh start's AT-SPI texts
    in French, both counted over the texts with a piece of mousepad's catalogs."""
    texts, result = ui_strings_run(parlance, env, timeout, "mousepad")
    check("parlance ui-strings --run reads mousepad", len(texts) > 100,
          result.stdout[-800:] + result.stderr[-800:])
    if not texts:
        return
    keys = {"object", "class", "property", "context", "msgid", "value", "status", "ui",
            "source", "domain", "window", "rect"}
    check("each text has the keys of ui-strings, its domain and its rectangle",
          all(set(text) == keys for text in texts), json.dumps(texts[:3]))
    read = {plain(text["value"]) for text in texts}
    wanted = {plain(text) for text in fresh if any(part in text for part in parts)}
    found = len(wanted & read) / max(len(wanted), 1)
    check("ui-strings --run lists what a fresh start in French shows over AT-SPI "
          f"({found:.0%} of {len(wanted)})", found >= 0.95, str(sorted(wanted - read)[:30]))
    drawn = [text for text in texts if text["rect"] is not None]
    check("the menu bar's texts are drawn, with their rectangles",
          any(text["msgid"] == "_File" and text["status"] == "translated" for text in drawn),
          json.dumps(drawn[:5]))


def stock_items_read_back(parlance, env, timeout):
    """`ui-strings --run --language fr` of geany: its toolbar's GtkActions take their
    labels from stock items, and each is read as the message its item names — "_Forward"
    of gtk-go-forward is the navigation's, which French writes otherwise than the media's
    (GTK's catalog of the machine says how)."""
    path = "/usr/share/locale/fr/LC_MESSAGES/gtk30.mo"
    with open(path, "rb") as file:
        french = gettext.GNUTranslations(file)
    navigation = french.pgettext("Stock label, navigation", "_Forward")
    media = french.pgettext("Stock label, media", "_Forward")
    texts, result = ui_strings_run(parlance, env, timeout, "geany")
    forward = [text for text in texts
               if text["class"] == "GtkAction" and text["value"] == navigation]
    check("geany's stock action reads as the navigation's \"_Forward\", not the media's "
          f"({navigation!r} against {media!r})",
          navigation != media and bool(forward)
          and all(text["msgid"] == "_Forward"
                  and text["context"] == "Stock label, navigation" for text in forward),
          json.dumps(forward[:3]) + result.stderr[-800:])
