// The GTK 3 module `parlance run` loads into a program (`GTK3_MODULES`): it owns a name on
// the session bus and, when asked by the program's own user, reads back the texts the
// program's windows show, sets new ones in place and switches gettext for the process.
// It decides nothing: which message a text is and what it says in another language is
// the controller's (`parlance switch`, the Swift core). GTK and GLib only; all its work
// runs on the GTK thread, in the main loop, when a call arrives; before the first call it
// does nothing but hold its bus name.

#include <gio/gio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <libintl.h>
#include <unistd.h>

#include "ParlanceLiveModule.h"
#include "module-parts.h"

// docs/io.github.parlance.Live1.xml, as `make module` writes it into a C string.
static const char introspection[] =
#include "introspection.inc"
    ;

static guint owner_id = 0;
/// The LANGUAGE lists the program has shown, oldest first (Describe's history).
static GPtrArray *history = NULL;

/// The languages gettext answers in, as a LANGUAGE list: LANGUAGE, unless it is empty
/// (a program may empty it: xournalpp does, to follow only its locale) or the messages
/// locale is C or POSIX, where glibc ignores it (intl/dcigettext.c, guess_category_value);
/// else the messages locale's name without its codeset (`de_DE.UTF-8` → `de_DE`), and
/// "" under C or POSIX.
static char *shown_languages(void) {
  const char *locale = setlocale(LC_MESSAGES, NULL);
  gboolean plain = locale == NULL || strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0;
  const char *languages = g_getenv("LANGUAGE");
  if (!plain && languages != NULL && languages[0] != '\0') return g_strdup(languages);
  if (plain || g_str_has_prefix(locale, "C.")) return g_strdup("");
  const char *dot = strchr(locale, '.');
  if (dot == NULL) return g_strdup(locale);
  char *name = g_strndup(locale, (gsize)(dot - locale));
  const char *modifier = strchr(dot, '@');
  char *shown = g_strconcat(name, modifier != NULL ? modifier : "", NULL);
  g_free(name);
  return shown;
}

/// Adds `languages` to the history unless it is what the program showed last.
static void remember_languages(const char *languages) {
  if (languages == NULL) languages = "";
  if (history->len > 0 && strcmp(g_ptr_array_index(history, history->len - 1), languages) == 0) {
    return;
  }
  g_ptr_array_add(history, g_strdup(languages));
}

/// The callers found to be this process's user, by unique bus name: the bus never gives
/// a unique name twice, so one answer holds for the connection's life. Bounded, so that
/// many short connections cannot grow it.
static GHashTable *own_user_senders = NULL;
#define OWN_USER_SENDERS_LIMIT 64

/// Whether the caller is this process's own user.
static gboolean is_own_user(GDBusConnection *connection, const char *sender) {
  if (sender == NULL) return TRUE;  // a peer-to-peer connection: the process's own
  if (own_user_senders == NULL) {
    own_user_senders = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  }
  if (g_hash_table_contains(own_user_senders, sender)) return TRUE;
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_sync(
      connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
      "GetConnectionUnixUser", g_variant_new("(s)", sender), G_VARIANT_TYPE("(u)"),
      G_DBUS_CALL_FLAGS_NONE, 2000, NULL, &error);
  if (reply == NULL) {
    g_clear_error(&error);
    return FALSE;
  }
  guint32 uid = 0;
  g_variant_get(reply, "(u)", &uid);
  g_variant_unref(reply);
  if (uid != getuid()) return FALSE;
  if (g_hash_table_size(own_user_senders) >= OWN_USER_SENDERS_LIMIT) {
    g_hash_table_remove_all(own_user_senders);
  }
  g_hash_table_add(own_user_senders, g_strdup(sender));
  return TRUE;
}

static GVariant *describe(void) {
  GVariantBuilder catalogs;
  g_variant_builder_init(&catalogs, G_VARIANT_TYPE("as"));
  GPtrArray *paths = parlance_loaded_catalogs();
  live_python_catalogs(paths);
  for (guint index = 0; index < paths->len; index++) {
    g_variant_builder_add(&catalogs, "s", (const char *)g_ptr_array_index(paths, index));
  }
  g_ptr_array_unref(paths);
  char *languages = shown_languages();
  const char *program = g_get_prgname();
  // The program's default domain and its folder, which glibc maps nothing of while the
  // program shows its own language (English: no catalog read).
  const char *domain = textdomain(NULL);
  const char *directory = domain != NULL ? bindtextdomain(domain, NULL) : NULL;
  GVariantBuilder shown;
  g_variant_builder_init(&shown, G_VARIANT_TYPE("as"));
  for (guint index = 0; index < history->len; index++) {
    g_variant_builder_add(&shown, "s", (const char *)g_ptr_array_index(history, index));
  }
  GVariant *description =
      g_variant_new("(ussasssas)", (guint32)getpid(), program != NULL ? program : "", languages,
                    &catalogs, domain != NULL ? domain : "", directory != NULL ? directory : "",
                    &shown);
  g_free(languages);
  return description;
}

/// Adds to `files` every GtkBuilder file (`.ui`, `.glade`) under `path` in the
/// registered GResources (at most `limit` files, `depth` folders deep).
static void add_interfaces(GVariantBuilder *files, const char *path, int depth, guint *limit) {
  char **children = g_resources_enumerate_children(path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  for (char **child = children; child != NULL && *child != NULL && *limit > 0; child++) {
    char *full = g_strconcat(path, *child, NULL);
    if (g_str_has_suffix(*child, "/")) {
      if (depth > 0) add_interfaces(files, full, depth - 1, limit);
    } else if (g_str_has_suffix(*child, ".ui") || g_str_has_suffix(*child, ".glade")) {
      GBytes *contents = g_resources_lookup_data(full, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      if (contents != NULL) {
        g_variant_builder_add(files, "(s@ay)", full,
                              g_variant_new_from_bytes(G_VARIANT_TYPE_BYTESTRING, contents, TRUE));
        g_bytes_unref(contents);
        (*limit)--;
      }
    }
    g_free(full);
  }
  g_strfreev(children);
}

/// Interfaces: the GtkBuilder files of the program's GResources.
static GVariant *interfaces(void) {
  GVariantBuilder files;
  g_variant_builder_init(&files, G_VARIANT_TYPE("a(say)"));
  guint limit = 1000;
  add_interfaces(&files, "/", 12, &limit);
  return g_variant_new("(a(say))", &files);
}

/// A switch is made: the language is added to the history, and announced to the
/// controllers that list programs (the Parlance window's Programs view).
static void announce_switch(GDBusConnection *connection) {
  char *languages = shown_languages();
  remember_languages(languages);
  g_dbus_connection_emit_signal(connection, NULL, PARLANCE_LIVE_OBJECT_PATH,
                                PARLANCE_LIVE_INTERFACE, PARLANCE_LIVE_CHANGED_SIGNAL,
                                g_variant_new("(s)", languages), NULL);
  g_free(languages);
}

/// The calls that came while a Photograph waited (their invocations, each answered, and
/// so released, when taken), taken in
/// order once it answered: a controller may send the next language's calls before the
/// last photograph is drawn, and that photograph still shows what was asked before it.
static GQueue deferred = G_QUEUE_INIT;

static void take_call(GDBusMethodInvocation *invocation);

void live_calls_resume(void) {
  while (!live_photograph_waiting() && !g_queue_is_empty(&deferred)) {
    take_call(g_queue_pop_head(&deferred));
  }
}

static void handle_call(GDBusConnection *connection, const char *sender,
                        const char *object_path, const char *interface_name,
                        const char *method_name, GVariant *parameters,
                        GDBusMethodInvocation *invocation, gpointer user_data) {
  (void)object_path;
  (void)interface_name;
  (void)method_name;
  (void)parameters;
  (void)user_data;
  if (!is_own_user(connection, sender)) {
    g_dbus_method_invocation_return_dbus_error(
        invocation, "org.freedesktop.DBus.Error.AccessDenied",
        "only the program's own user may switch its language");
    return;
  }
  if (live_photograph_waiting() || !g_queue_is_empty(&deferred)) {
    g_queue_push_tail(&deferred, invocation);
    return;
  }
  take_call(invocation);
}

/// Answers the call of `invocation` (of the program's own user), or begins to.
static void take_call(GDBusMethodInvocation *invocation) {
  GDBusConnection *connection = g_dbus_method_invocation_get_connection(invocation);
  const char *method_name = g_dbus_method_invocation_get_method_name(invocation);
  GVariant *parameters = g_dbus_method_invocation_get_parameters(invocation);
  if (strcmp(method_name, "Describe") == 0) {
    g_dbus_method_invocation_return_value(invocation, describe());
  } else if (strcmp(method_name, "Collect") == 0) {
    g_dbus_method_invocation_return_value(invocation, live_collect());
  } else if (strcmp(method_name, "Interfaces") == 0) {
    g_dbus_method_invocation_return_value(invocation, interfaces());
  } else if (strcmp(method_name, "Asked") == 0) {
    g_dbus_method_invocation_return_value(invocation, live_asked(parameters));
  } else if (strcmp(method_name, "Act") == 0) {
    live_act(parameters, invocation);
  } else if (strcmp(method_name, "Photograph") == 0) {
    live_photograph_begin(parameters, invocation);
  } else if (strcmp(method_name, "Apply") == 0) {
    g_dbus_method_invocation_return_value(invocation, live_apply(parameters));
    announce_switch(connection);
  } else if (strcmp(method_name, "Switch") == 0) {
    gboolean switched = FALSE;
    g_dbus_method_invocation_return_value(invocation, live_switch_language(parameters, &switched));
    if (switched) announce_switch(connection);
  } else {
    g_dbus_method_invocation_return_dbus_error(
        invocation, "org.freedesktop.DBus.Error.UnknownMethod", method_name);
  }
}

static const GDBusInterfaceVTable vtable = {handle_call, NULL, NULL, {0}};

static void on_bus(GDBusConnection *connection, const char *name, gpointer user_data) {
  (void)name;
  (void)user_data;
  GError *error = NULL;
  GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(introspection, &error);
  if (node == NULL) {
    g_clear_error(&error);
    return;
  }
  g_dbus_connection_register_object(connection, PARLANCE_LIVE_OBJECT_PATH,
                                    node->interfaces[0], &vtable, NULL, NULL, &error);
  g_clear_error(&error);
  g_dbus_node_info_unref(node);
}

/// Whether this process is the one `parlance run` started, not a child that inherited
/// the environment.
static gboolean is_started_program(void) {
  const char *pid = g_getenv(PARLANCE_LIVE_PID_VARIABLE);
  return pid != NULL && g_ascii_strtoll(pid, NULL, 10) == (gint64)getpid();
}

/// The user's messages locale back, which `parlance run` made English for GTK's start:
/// GLib decides once, under it, that g_dgettext translates (glib/ggettext.c), and
/// LANGUAGE chooses the language either way. A library that names things by the
/// messages locale (garcon's application names), and the program's children, see the
/// user's. LC_MESSAGES exists (the launcher set it): setenv overwrites it in place.
static void restore_messages_locale(void) {
  const char *messages = g_getenv(PARLANCE_LIVE_MESSAGES_VARIABLE);
  if (messages == NULL) return;
  // GLib's decision is made at its first translation, under the English locale still,
  // should GTK's start have asked for none.
  (void)g_dgettext("gtk30", "OK");
  char *wanted = g_strdup(messages);
  g_unsetenv(PARLANCE_LIVE_MESSAGES_VARIABLE);
  // A locale not installed is refused, and English stays.
  if (wanted[0] != '\0' && setlocale(LC_MESSAGES, wanted) != NULL) {
    g_setenv("LC_MESSAGES", wanted, TRUE);
  }
  g_free(wanted);
}

G_MODULE_EXPORT void gtk_module_init(gint *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (!is_started_program() || owner_id != 0) return;
  // Not for the program's children (a terminal, a browser it starts): GTK has read it.
  // unsetenv moves no memory another thread's getenv may be reading.
  g_unsetenv("GTK3_MODULES");
  live_unpreload();
  restore_messages_locale();
  history = g_ptr_array_new_with_free_func(g_free);
  if (g_strcmp0(g_getenv("PARLANCE_LIVE_TRACE"), "1") == 0) live_trace_begin();
  char *languages = shown_languages();
  remember_languages(languages);
  g_free(languages);
  char name[64];
  snprintf(name, sizeof name, PARLANCE_LIVE_NAME_PREFIX "%ld", (long)getpid());
  owner_id = g_bus_own_name(G_BUS_TYPE_SESSION, name, G_BUS_NAME_OWNER_FLAGS_NONE, on_bus,
                            NULL, NULL, NULL, NULL);
}

G_MODULE_EXPORT const char *g_module_check_init(GModule *module) {
  // Never unloaded: GTK does not unload modules named in the environment, and a bus
  // object's handlers must outlive every call.
  g_module_make_resident(module);
  return NULL;
}
