// Python's own gettext, switched with glibc's: a PyGObject program (meld, quodlibet,
// virt-manager) translates with Python's `gettext` module, which reads its own copy of
// the environment and whose translations a program binds once (`_ = trans.gettext`).

#include <dlfcn.h>
#include <libintl.h>
#include <string.h>

#include "module-parts.h"

// Run in the program's interpreter, in a namespace of its own, with `languages` the
// new LANGUAGE. `gettext.translation()` caches each catalog file it reads in
// `gettext._translations` by path, and gives the program a copy that shares the file's
// dictionary: each translation a program holds whose dictionary is a cached file's
// takes that of the same domain and folder in the new language (none: the program's
// own English, as a fresh start with no catalog shows), with its plural rule. The cache
// itself is left as it is, each path with its own file. `os.environ` follows for the
// catalogs the program looks up later (`gettext.gettext`, a new `translation()`).
static const char follow_source[] =
    "import gc, os, sys\n"
    "gettext = sys.modules.get('gettext')\n"
    "if gettext is not None and isinstance(getattr(gettext, '_translations', None), dict):\n"
    "    os.environ['LANGUAGE'] = languages\n"
    "    names = [name for name in languages.split(':') if name]\n"
    "    cached = dict(gettext._translations)\n"
    "    files = {id(t._catalog): key for key, t in cached.items()\n"
    "             if isinstance(getattr(t, '_catalog', None), dict)}\n"
    "    caches = {id(t) for t in cached.values()}\n"
    "    found = {}\n"
    "    def switched(key):\n"
    "        if key in found:\n"
    "            return found[key]\n"
    "        kind, path = key\n"
    "        folder = os.path.dirname(path)\n"
    "        domain, extension = os.path.splitext(os.path.basename(path))\n"
    "        result = None\n"
    "        if extension == '.mo':\n"
    "            localedir = os.path.dirname(os.path.dirname(folder))\n"
    "            category = os.path.basename(folder)\n"
    "            for name in names:\n"
    "                candidate = gettext.find(domain, localedir, languages=[name])\n"
    "                if candidate and os.path.basename(os.path.dirname(candidate)) == category:\n"
    "                    new_key = (kind, os.path.abspath(candidate))\n"
    "                    result = gettext._translations.get(new_key)\n"
    "                    if result is None:\n"
    "                        with open(candidate, 'rb') as file:\n"
    "                            result = gettext._translations.setdefault(new_key, kind(file))\n"
    "                    break\n"
    "        found[key] = result\n"
    "        return result\n"
    "    for held in gc.get_objects():\n"
    "        if not isinstance(held, gettext.GNUTranslations) or id(held) in caches:\n"
    "            continue\n"
    "        key = files.get(id(getattr(held, '_catalog', None)))\n"
    "        if key is None:\n"
    "            continue\n"
    "        new = switched(key)\n"
    "        if new is None:\n"
    "            held._catalog = {}\n"
    "            held._info = {}\n"
    "            held._charset = None\n"
    "            held.plural = lambda n: int(n != 1)\n"
    "        else:\n"
    "            held._catalog = new._catalog\n"
    "            held._info = getattr(new, '_info', {})\n"
    "            held._charset = getattr(new, '_charset', None)\n"
    "            held.plural = new.plural\n";

/// Whether `languages` is a LANGUAGE value (tags, `_ @ . -`, separated by `:`): only such
/// a value is written into the code the interpreter runs.
static gboolean is_language_list(const char *languages) {
  for (const char *c = languages; *c != '\0'; c++) {
    if (!g_ascii_isalnum(*c) && strchr("_@.:-", *c) == NULL) return FALSE;
  }
  return TRUE;
}

/// The interpreter's lock, which the main thread takes as a PyGObject callback does: a
/// program in `Gtk.main()` holds none while GTK runs.
typedef struct {
  int (*ensure)(void);
  void (*release)(int);
} InterpreterLock;

/// Whether the program runs an initialized interpreter (its executable's or a library's
/// it loaded), with the functions of its lock in `lock`.
static gboolean running_interpreter(InterpreterLock *lock) {
  int (*is_initialized)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "Py_IsInitialized");
  lock->ensure = (int (*)(void))dlsym(RTLD_DEFAULT, "PyGILState_Ensure");
  lock->release = (void (*)(int))dlsym(RTLD_DEFAULT, "PyGILState_Release");
  return is_initialized != NULL && lock->ensure != NULL && lock->release != NULL &&
         is_initialized();
}

/// The CPython functions the module reads the interpreter's objects with.
typedef struct {
  void *(*item)(void *, const char *);  // PyDict_GetItemString
  const char *(*utf8)(void *);          // PyUnicode_AsUTF8
  void (*release_reference)(void *);    // Py_DecRef
  void (*clear_error)(void);            // PyErr_Clear
} PythonCalls;

/// CPython's functions by name into `calls`; FALSE when one is missing (a program without
/// an interpreter has none of them).
static gboolean python_calls(PythonCalls *calls) {
  calls->item = (void *(*)(void *, const char *))dlsym(RTLD_DEFAULT, "PyDict_GetItemString");
  calls->utf8 = (const char *(*)(void *))dlsym(RTLD_DEFAULT, "PyUnicode_AsUTF8");
  calls->release_reference = (void (*)(void *))dlsym(RTLD_DEFAULT, "Py_DecRef");
  calls->clear_error = (void (*)(void))dlsym(RTLD_DEFAULT, "PyErr_Clear");
  return calls->item != NULL && calls->utf8 != NULL && calls->release_reference != NULL &&
         calls->clear_error != NULL;
}

// Run in the program's interpreter, in a namespace of its own: `answer` is the text
// domains of the catalogs `gettext.translation()` has cached, each followed by U+001F,
// or None when a translation Python holds reads a catalog the cache does not (a program
// that built a `GNUTranslations` from a file itself), whose domain nothing names.
static const char domains_source[] =
    "import gc, os, sys\n"
    "gettext = sys.modules.get('gettext')\n"
    "answer = ''\n"
    "if gettext is not None:\n"
    "    cached = getattr(gettext, '_translations', None)\n"
    "    if not isinstance(cached, dict):\n"
    "        answer = None\n"
    "    else:\n"
    "        catalogs = {id(getattr(t, '_catalog', None)) for t in cached.values()}\n"
    "        names = {os.path.splitext(os.path.basename(key[1]))[0] for key in cached}\n"
    "        answer = ''.join(name + '\\x1f' for name in sorted(names))\n"
    "        for held in gc.get_objects():\n"
    "            if isinstance(held, gettext.NullTranslations) and \\\n"
    "                    id(getattr(held, '_catalog', None)) not in catalogs and \\\n"
    "                    type(held) is not gettext.NullTranslations:\n"
    "                answer = None\n"
    "                break\n";

GPtrArray *live_python_domains(void) {
  typedef void *(*Function)(void);
  void *(*run)(const char *, int, void *, void *, void *) =
      (void *(*)(const char *, int, void *, void *, void *))dlsym(RTLD_DEFAULT,
                                                                  "PyRun_StringFlags");
  Function new_dictionary = (Function)dlsym(RTLD_DEFAULT, "PyDict_New");
  Function builtins = (Function)dlsym(RTLD_DEFAULT, "PyEval_GetBuiltins");
  int (*set_item)(void *, const char *, void *) =
      (int (*)(void *, const char *, void *))dlsym(RTLD_DEFAULT, "PyDict_SetItemString");
  InterpreterLock lock;
  if (!running_interpreter(&lock)) return g_ptr_array_new_with_free_func(g_free);
  PythonCalls python;
  if (run == NULL || new_dictionary == NULL || builtins == NULL || set_item == NULL ||
      !python_calls(&python)) {
    return NULL;
  }
  GPtrArray *domains = NULL;
  int state = lock.ensure();
  void *names = new_dictionary();
  if (names != NULL && set_item(names, "__builtins__", builtins()) == 0) {
    // Py_file_input: statements, as a module's.
    void *result = run(domains_source, 257, names, names, NULL);
    // A failure (an error set, no result) leaves `domains` NULL: no record.
    const char *answer = NULL;
    if (result != NULL) {
      python.release_reference(result);
      void *value = python.item(names, "answer");
      answer = value != NULL ? python.utf8(value) : NULL;
    }
    if (answer != NULL) {
      domains = g_ptr_array_new_with_free_func(g_free);
      char **parts = g_strsplit(answer, "\x1f", -1);
      for (char **part = parts; *part != NULL; part++) {
        if (**part != '\0') g_ptr_array_add(domains, g_strdup(*part));
      }
      g_strfreev(parts);
    }
  }
  python.clear_error();
  if (names != NULL) python.release_reference(names);
  lock.release(state);
  return domains;
}

/// Binds the text domain of `path` (`<folder>/<language>/LC_MESSAGES/<domain>.mo`) to its
/// folder for glibc, unless glibc's folder for it holds the file already: the module
/// makes each text through glibc's gettext, which knows nothing of the folders Python
/// read catalogs from. A domain only Python uses has no other binding to lose.
static void bind_for_glibc(const char *path) {
  char *messages = g_path_get_dirname(path);
  char *language = g_path_get_dirname(messages);
  char *folder = g_path_get_dirname(language);
  char *base = g_path_get_basename(messages);
  char *domain = g_path_get_basename(path);
  domain[strlen(domain) - strlen(".mo")] = '\0';
  if (strcmp(base, "LC_MESSAGES") == 0 && domain[0] != '\0') {
    const char *bound = bindtextdomain(domain, NULL);
    char *prefix = g_strconcat(bound != NULL ? bound : "", "/", NULL);
    if (bound == NULL || !g_str_has_prefix(path, prefix)) bindtextdomain(domain, folder);
    g_free(prefix);
  }
  g_free(domain);
  g_free(base);
  g_free(folder);
  g_free(language);
  g_free(messages);
}

void live_python_catalogs(GPtrArray *paths) {
  void *(*modules)(void) = (void *(*)(void))dlsym(RTLD_DEFAULT, "PyImport_GetModuleDict");
  void *(*attribute)(void *, const char *) =
      (void *(*)(void *, const char *))dlsym(RTLD_DEFAULT, "PyObject_GetAttrString");
  int (*next)(void *, ssize_t *, void **, void **) =
      (int (*)(void *, ssize_t *, void **, void **))dlsym(RTLD_DEFAULT, "PyDict_Next");
  void *(*tuple_item)(void *, ssize_t) =
      (void *(*)(void *, ssize_t))dlsym(RTLD_DEFAULT, "PyTuple_GetItem");
  PythonCalls python;
  InterpreterLock lock;
  if (modules == NULL || attribute == NULL || next == NULL || tuple_item == NULL ||
      !python_calls(&python) || !running_interpreter(&lock)) {
    return;
  }
  int state = lock.ensure();
  // `gettext._translations`: each catalog file `gettext.translation()` read, keyed by
  // (class, absolute path). Anything else there (another layout of a later Python) is
  // passed over: each call that fails sets an error, cleared before the next.
  void *gettext = python.item(modules(), "gettext");
  void *translations = gettext != NULL ? attribute(gettext, "_translations") : NULL;
  if (translations != NULL) {
    ssize_t position = 0;
    void *key = NULL;
    void *value = NULL;
    while (next(translations, &position, &key, &value)) {
      void *path_object = tuple_item(key, 1);
      const char *path = path_object != NULL ? python.utf8(path_object) : NULL;
      if (path == NULL) {
        python.clear_error();
        continue;
      }
      gboolean known = FALSE;
      for (guint index = 0; index < paths->len && !known; index++) {
        known = strcmp(g_ptr_array_index(paths, index), path) == 0;
      }
      if (!known && g_str_has_suffix(path, ".mo")) {
        g_ptr_array_add(paths, g_strdup(path));
        bind_for_glibc(path);
      }
    }
    python.release_reference(translations);
  }
  python.clear_error();
  lock.release(state);
}

void live_follow_python(const char *languages) {
  // The interpreter's functions, when the program has one (an executable or a library
  // it loaded); nothing to do otherwise.
  int (*run)(const char *) = (int (*)(const char *))dlsym(RTLD_DEFAULT, "PyRun_SimpleString");
  InterpreterLock lock;
  if (run == NULL || !running_interpreter(&lock) || !is_language_list(languages)) return;
  // The source is given to `exec` as a string, with a namespace of its own: nothing is
  // left in the program's `__main__`. A failure prints Python's traceback and changes
  // nothing more.
  GString *code = g_string_new("exec(");
  g_string_append_c(code, '"');
  for (const char *c = follow_source; *c != '\0'; c++) {
    if (*c == '\n') {
      g_string_append(code, "\\n");
    } else if (*c == '"' || *c == '\\') {
      g_string_append_c(code, '\\');
      g_string_append_c(code, *c);
    } else {
      g_string_append_c(code, *c);
    }
  }
  g_string_append_printf(code, "\", {'__name__': 'parlance_live', 'languages': '%s'})\n",
                         languages);
  int state = lock.ensure();
  run(code->str);
  lock.release(state);
  g_string_free(code, TRUE);
}
