#include "CParlanceLive.h"
#include "client.h"

#include <gio/gio.h>
#include <pthread.h>
#include <string.h>

static void program_free(gpointer data) {
  ParlanceLiveProgram *program = data;
  g_free(program->busName);
  g_free(program->program);
  g_free(program->languages);
  g_ptr_array_unref(program->catalogs);
  g_free(program->textDomain);
  g_free(program->textDomainDirectory);
  g_ptr_array_unref(program->history);
  g_free(program);
}

/// The session bus, with a reference of this process's own from the first call on.
///
/// GIO keeps its session bus singleton only while someone holds it: without this
/// reference a process that holds none (`parlance switch`, a benchmark) would connect to
/// the bus, authenticate and say Hello again at every call, a few milliseconds each. The
/// connection does not end the process when the bus goes away (GIO's default for its
/// singletons); a closed one is replaced at the next call. A pthread mutex, which
/// ThreadSanitizer understands: the window calls from its worker threads.
GDBusConnection *parlance_session_bus(GError **error) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  static GDBusConnection *kept = NULL;
  pthread_mutex_lock(&lock);
  if (kept != NULL && g_dbus_connection_is_closed(kept)) g_clear_object(&kept);
  if (kept == NULL) {
    kept = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, error);
    if (kept != NULL) g_dbus_connection_set_exit_on_close(kept, FALSE);
  }
  GDBusConnection *bus = kept != NULL ? g_object_ref(kept) : NULL;
  pthread_mutex_unlock(&lock);
  return bus;
}

static GVariant *call(GDBusConnection *bus, const char *name, const char *method,
                      GVariant *parameters, const char *reply, int timeout, GError **error) {
  GVariant *answer = g_dbus_connection_call_sync(bus, name, PARLANCE_LIVE_OBJECT_PATH,
                                                 PARLANCE_LIVE_INTERFACE, method, parameters,
                                                 G_VARIANT_TYPE(reply),
                                                 G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout, NULL,
                                                 error);
  // The module's own reason, without GDBus's "GDBus.Error:NAME: " before it.
  if (answer == NULL && error != NULL && *error != NULL) g_dbus_error_strip_remote_error(*error);
  return answer;
}

/// The program at `name` as its Describe answers, or NULL with `error` set (when not
/// NULL) when it does not answer.
static ParlanceLiveProgram *described(GDBusConnection *bus, const char *name, int timeout,
                                      GError **error) {
  GVariant *reply = call(bus, name, "Describe", NULL, "(ussasssas)", timeout, error);
  if (reply == NULL) return NULL;
  ParlanceLiveProgram *program = g_new0(ParlanceLiveProgram, 1);
  GVariantIter *catalogs = NULL;
  GVariantIter *history = NULL;
  const char *item = NULL;
  program->busName = g_strdup(name);
  program->catalogs = g_ptr_array_new_with_free_func(g_free);
  program->history = g_ptr_array_new_with_free_func(g_free);
  g_variant_get(reply, "(ussasssas)", &program->pid, &program->program, &program->languages,
                &catalogs, &program->textDomain, &program->textDomainDirectory, &history);
  while (g_variant_iter_next(catalogs, "&s", &item)) {
    g_ptr_array_add(program->catalogs, g_strdup(item));
  }
  while (g_variant_iter_next(history, "&s", &item)) {
    g_ptr_array_add(program->history, g_strdup(item));
  }
  g_variant_iter_free(catalogs);
  g_variant_iter_free(history);
  g_variant_unref(reply);
  return program;
}

GPtrArray *parlance_live_programs(int timeout, GError **error) {
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return NULL;
  GVariant *names = g_dbus_connection_call_sync(
      bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames",
      NULL, G_VARIANT_TYPE("(as)"), G_DBUS_CALL_FLAGS_NONE, timeout, NULL, error);
  if (names == NULL) {
    g_object_unref(bus);
    return NULL;
  }
  GPtrArray *programs = g_ptr_array_new_with_free_func(program_free);
  GVariantIter *iter = NULL;
  const char *name = NULL;
  g_variant_get(names, "(as)", &iter);
  while (g_variant_iter_next(iter, "&s", &name)) {
    if (!g_str_has_prefix(name, PARLANCE_LIVE_NAME_PREFIX)) continue;
    ParlanceLiveProgram *program = described(bus, name, timeout, NULL);
    if (program != NULL) g_ptr_array_add(programs, program);  // else gone, or not answering
  }
  g_variant_iter_free(iter);
  g_variant_unref(names);
  g_object_unref(bus);
  return programs;
}

GPtrArray *parlance_live_describe(const char *bus_name, int timeout, GError **error) {
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return NULL;
  ParlanceLiveProgram *program = described(bus, bus_name, timeout, error);
  g_object_unref(bus);
  if (program == NULL) return NULL;
  GPtrArray *programs = g_ptr_array_new_with_free_func(program_free);
  g_ptr_array_add(programs, program);
  return programs;
}

ParlanceLiveCollection *parlance_live_collect(const char *bus_name, int timeout,
                                              GError **error) {
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return NULL;
  GVariant *reply = call(bus, bus_name, "Collect", NULL, COLLECT_REPLY, timeout, error);
  g_object_unref(bus);
  if (reply == NULL) return NULL;
  ParlanceLiveCollection *collection =
      parlance_collection_of(reply, 0, bus_name, "Collect", error);
  g_variant_unref(reply);
  return collection;
}

gboolean parlance_live_switch(const char *bus_name, const char *languages,
                              gboolean right_to_left, int timeout, guint32 *applied,
                              guint32 *kept, ParlanceLiveCollection **pending, GError **error) {
  *pending = NULL;
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return FALSE;
  GVariant *reply = call(bus, bus_name, "Switch", g_variant_new("(sb)", languages, right_to_left),
                         SWITCH_REPLY, timeout, error);
  g_object_unref(bus);
  if (reply == NULL) return FALSE;
  g_variant_get_child(reply, 0, "u", applied);
  g_variant_get_child(reply, 1, "u", kept);
  ParlanceLiveCollection *collection =
      parlance_collection_of(reply, 2, bus_name, "Switch", error);
  g_variant_unref(reply);
  if (collection == NULL) return FALSE;
  if (collection->texts->len == 0) {
    parlance_live_collection_free(collection);
  } else {
    *pending = collection;
  }
  return TRUE;
}

ParlanceLiveCollection *parlance_collection_of(GVariant *reply, gsize first,
                                               const char *bus_name, const char *method,
                                               GError **error) {
  ParlanceLiveCollection *collection = g_new0(ParlanceLiveCollection, 1);
  collection->strings = g_ptr_array_new_with_free_func(g_free);
  GVariant *strings = g_variant_get_child_value(reply, first);
  gsize count = 0;
  const char **items = g_variant_get_strv(strings, &count);
  for (gsize index = 0; index < count; index++) {
    g_ptr_array_add(collection->strings, g_strdup(items[index]));
  }
  g_free(items);
  g_variant_unref(strings);
  GVariant *texts = g_variant_get_child_value(reply, first + 1);
  gsize rows = 0;
  const ParlanceLiveText *row =
      g_variant_get_fixed_array(texts, &rows, sizeof(ParlanceLiveText));
  collection->texts = g_array_sized_new(FALSE, FALSE, sizeof(ParlanceLiveText), (guint)rows);
  g_array_append_vals(collection->texts, row, (guint)rows);
  g_variant_unref(texts);
  for (gsize index = 0; index < rows; index++) {
    const ParlanceLiveText *text = &g_array_index(collection->texts, ParlanceLiveText, index);
    guint32 limit = collection->strings->len;
    if (text->className >= limit || text->property >= limit || text->text >= limit ||
        text->message >= limit || text->builderID >= limit) {
      g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                  "%s answered %s with text %u naming string %u of %u", bus_name, method,
                  (unsigned)index,
                  (unsigned)MAX(MAX(MAX(text->className, text->property), text->builderID),
                                MAX(text->text, text->message)),
                  (unsigned)limit);
      parlance_live_collection_free(collection);
      return NULL;
    }
  }
  return collection;
}

void parlance_live_collection_free(ParlanceLiveCollection *collection) {
  g_ptr_array_unref(collection->strings);
  g_array_unref(collection->texts);
  g_free(collection);
}

int parlance_live_apply(const char *bus_name, const char *languages, gboolean right_to_left,
                        const char *const *strings, guint string_count,
                        const ParlanceLiveChange *changes, guint count, int timeout,
                        GError **error) {
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return -1;
  GVariant *table = g_variant_new_strv(string_count > 0 ? (const char *const *)strings : NULL,
                                       (gssize)string_count);
  GVariant *rows = g_variant_new_fixed_array(G_VARIANT_TYPE("(uuuu)"), changes, count,
                                             sizeof(ParlanceLiveChange));
  GVariant *reply = call(bus, bus_name, "Apply",
                         g_variant_new("(sb@as@a(uuuu))", languages, right_to_left, table, rows),
                         "(u)", timeout, error);
  g_object_unref(bus);
  if (reply == NULL) return -1;
  guint32 applied = 0;
  g_variant_get(reply, "(u)", &applied);
  g_variant_unref(reply);
  return (int)applied;
}

static void interface_free(gpointer data) {
  ParlanceLiveInterface *interface = data;
  g_free(interface->path);
  g_bytes_unref(interface->contents);
  g_free(interface);
}

GPtrArray *parlance_live_interfaces(const char *bus_name, int timeout, GError **error) {
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return NULL;
  GVariant *reply = call(bus, bus_name, "Interfaces", NULL, "(a(say))", timeout, error);
  g_object_unref(bus);
  if (reply == NULL) return NULL;
  GPtrArray *interfaces = g_ptr_array_new_with_free_func(interface_free);
  GVariant *files = g_variant_get_child_value(reply, 0);
  GVariantIter iter;
  g_variant_iter_init(&iter, files);
  const char *path = NULL;
  GVariant *contents = NULL;
  while (g_variant_iter_next(&iter, "(&s@ay)", &path, &contents)) {
    ParlanceLiveInterface *interface = g_new0(ParlanceLiveInterface, 1);
    interface->path = g_strdup(path);
    interface->contents = g_variant_get_data_as_bytes(contents);
    g_variant_unref(contents);
    g_ptr_array_add(interfaces, interface);
  }
  g_variant_unref(files);
  g_variant_unref(reply);
  return interfaces;
}

GPtrArray *parlance_live_asked(const char *bus_name, guint32 from, guint64 *identity,
                               gboolean *complete, guint32 *total, int timeout,
                               GError **error) {
  *identity = 0;
  *complete = FALSE;
  *total = 0;
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return NULL;
  GVariant *reply =
      call(bus, bus_name, "Asked", g_variant_new("(u)", from), "(tbua(ss))", timeout, error);
  g_object_unref(bus);
  if (reply == NULL) return NULL;
  GPtrArray *asked = g_ptr_array_new_with_free_func(g_free);
  GVariant *messages = NULL;
  g_variant_get(reply, "(tbu@a(ss))", identity, complete, total, &messages);
  GVariantIter iter;
  g_variant_iter_init(&iter, messages);
  const char *domain = NULL;
  const char *key = NULL;
  while (g_variant_iter_next(&iter, "(&s&s)", &domain, &key)) {
    g_ptr_array_add(asked, g_strconcat(domain, "\x1F", key, NULL));
  }
  g_variant_unref(messages);
  g_variant_unref(reply);
  return asked;
}

static void window_free(gpointer data) {
  ParlanceLiveWindow *window = data;
  g_free(window->file);
  g_free(window->title);
  g_free(window->name);
  g_free(window);
}

void parlance_live_photograph_free(ParlanceLivePhotograph *photograph) {
  g_ptr_array_unref(photograph->windows);
  g_ptr_array_unref(photograph->names);
  g_array_unref(photograph->places);
  g_free(photograph);
}

/// The Photograph answer `reply` read (the caller keeps `reply`), or NULL with `error`
/// set when a place names a window it does not list.
ParlanceLivePhotograph *parlance_photograph_of(GVariant *reply, const char *bus_name,
                                               GError **error) {
  ParlanceLivePhotograph *photograph = g_new0(ParlanceLivePhotograph, 1);
  photograph->windows = g_ptr_array_new_with_free_func(window_free);
  photograph->names = g_ptr_array_new_with_free_func(g_free);
  GVariantIter *windows = NULL;
  GVariantIter *names = NULL;
  GVariant *places = NULL;
  g_variant_get(reply, "(a(suuss)as@a(uuiiiiu))", &windows, &names, &places);
  ParlanceLiveWindow *window = g_new0(ParlanceLiveWindow, 1);
  while (g_variant_iter_next(windows, "(suuss)", &window->file, &window->width, &window->height,
                             &window->title, &window->name)) {
    g_ptr_array_add(photograph->windows, window);
    window = g_new0(ParlanceLiveWindow, 1);
  }
  g_free(window);
  char *name = NULL;
  while (g_variant_iter_next(names, "s", &name)) g_ptr_array_add(photograph->names, name);
  gsize count = 0;
  const ParlanceLivePlace *place = g_variant_get_fixed_array(places, &count, sizeof *place);
  photograph->places = g_array_sized_new(FALSE, FALSE, sizeof *place, (guint)count);
  g_array_append_vals(photograph->places, place, (guint)count);
  g_variant_iter_free(windows);
  g_variant_iter_free(names);
  g_variant_unref(places);
  for (guint index = 0; index < photograph->places->len; index++) {
    guint32 window = g_array_index(photograph->places, ParlanceLivePlace, index).window;
    if (window >= photograph->windows->len) {
      g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                  "%s answered Photograph with a place in window %u of %u", bus_name,
                  (unsigned)window, (unsigned)photograph->windows->len);
      parlance_live_photograph_free(photograph);
      return NULL;
    }
  }
  return photograph;
}

ParlanceLivePhotograph *parlance_live_photograph(const char *bus_name, const char *directory,
                                                 const char *format, int timeout,
                                                 GError **error) {
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return NULL;
  GVariant *reply = call(bus, bus_name, "Photograph", g_variant_new("(ss)", directory, format),
                         PHOTOGRAPH_REPLY, timeout, error);
  g_object_unref(bus);
  if (reply == NULL) return NULL;
  ParlanceLivePhotograph *photograph = parlance_photograph_of(reply, bus_name, error);
  g_variant_unref(reply);
  return photograph;
}

int parlance_live_act(const char *bus_name, const char *step, guint32 id, const char *argument,
                      int timeout, GError **error) {
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return -1;
  GVariant *reply = call(bus, bus_name, "Act", g_variant_new("(sus)", step, id, argument), "()",
                         timeout, error);
  g_object_unref(bus);
  if (reply == NULL) return -1;
  g_variant_unref(reply);
  return 0;
}
