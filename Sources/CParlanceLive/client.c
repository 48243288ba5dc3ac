#include "CParlanceLive.h"

#include <gio/gio.h>
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

static void text_free(gpointer data) {
  ParlanceLiveText *text = data;
  g_free(text->className);
  g_free(text->property);
  g_free(text->text);
  g_free(text->message);
  g_free(text);
}

static GVariant *call(GDBusConnection *bus, const char *name, const char *method,
                      GVariant *parameters, const char *reply, int timeout, GError **error) {
  return g_dbus_connection_call_sync(bus, name, PARLANCE_LIVE_OBJECT_PATH,
                                     PARLANCE_LIVE_INTERFACE, method, parameters,
                                     G_VARIANT_TYPE(reply), G_DBUS_CALL_FLAGS_NO_AUTO_START,
                                     timeout, NULL, error);
}

GPtrArray *parlance_live_programs(int timeout, GError **error) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, error);
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
    GVariant *reply = call(bus, name, "Describe", NULL, "(ussasssas)", timeout, NULL);
    if (reply == NULL) continue;  // gone, or not answering: not listed
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
    g_ptr_array_add(programs, program);
  }
  g_variant_iter_free(iter);
  g_variant_unref(names);
  g_object_unref(bus);
  return programs;
}

GPtrArray *parlance_live_collect(const char *bus_name, int timeout, GError **error) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, error);
  if (bus == NULL) return NULL;
  GVariant *reply = call(bus, bus_name, "Collect", NULL, "(a(ussssu))", timeout, error);
  g_object_unref(bus);
  if (reply == NULL) return NULL;
  GPtrArray *texts = g_ptr_array_new_with_free_func(text_free);
  GVariantIter *iter = NULL;
  g_variant_get(reply, "(a(ussssu))", &iter);
  guint32 id = 0, group = 0;
  const char *class_name = NULL, *property = NULL, *text = NULL, *message = NULL;
  while (g_variant_iter_next(iter, "(u&s&s&s&su)", &id, &class_name, &property, &text, &message,
                             &group)) {
    ParlanceLiveText *item = g_new0(ParlanceLiveText, 1);
    item->id = id;
    item->className = g_strdup(class_name);
    item->property = g_strdup(property);
    item->text = g_strdup(text);
    item->message = g_strdup(message);
    item->group = group;
    g_ptr_array_add(texts, item);
  }
  g_variant_iter_free(iter);
  g_variant_unref(reply);
  return texts;
}

int parlance_live_apply(const char *bus_name, const char *languages, gboolean right_to_left,
                        const guint32 *ids, const char *const *values,
                        const char *const *messages, guint count, int timeout,
                        GError **error) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, error);
  if (bus == NULL) return -1;
  GVariantBuilder texts;
  g_variant_builder_init(&texts, G_VARIANT_TYPE("a(uss)"));
  for (guint index = 0; index < count; index++) {
    g_variant_builder_add(&texts, "(uss)", ids[index], values[index], messages[index]);
  }
  GVariant *reply = call(bus, bus_name, "Apply",
                         g_variant_new("(sba(uss))", languages, right_to_left, &texts), "(u)",
                         timeout, error);
  g_object_unref(bus);
  if (reply == NULL) return -1;
  guint32 applied = 0;
  g_variant_get(reply, "(u)", &applied);
  g_variant_unref(reply);
  return (int)applied;
}

struct ParlanceLiveWatch {
  GDBusConnection *bus;
  guint names;
  guint languages;
  void (*changed)(void *);
  void *data;
  // One for each subscription and one for the watcher: GDBus may still deliver a signal
  // in the main context after an unsubscribe, until it calls the subscription's destroy.
  guint references;
  gboolean ended;
};

static void watch_release(gpointer data) {
  ParlanceLiveWatch *watch = data;
  if (--watch->references > 0) return;
  g_object_unref(watch->bus);
  g_free(watch);
}

static void on_signal(GDBusConnection *bus, const char *sender, const char *path,
                      const char *interface, const char *signal, GVariant *parameters,
                      gpointer user_data) {
  (void)bus;
  (void)sender;
  (void)path;
  (void)interface;
  (void)signal;
  (void)parameters;
  ParlanceLiveWatch *watch = user_data;
  if (!watch->ended) watch->changed(watch->data);
}

ParlanceLiveWatch *parlance_live_watch(void (*changed)(void *), void *data, GError **error) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, error);
  if (bus == NULL) return NULL;
  ParlanceLiveWatch *watch = g_new0(ParlanceLiveWatch, 1);
  watch->bus = bus;
  watch->changed = changed;
  watch->data = data;
  watch->references = 3;
  // The bus names every program's module takes: io.github.parlance.Live.p<pid>. A match
  // on the name's namespace needs whole dot-separated elements, so the prefix's
  // namespace is matched and the callback lets the controller list them again.
  watch->names = g_dbus_connection_signal_subscribe(
      bus, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged",
      "/org/freedesktop/DBus", "io.github.parlance.Live", G_DBUS_SIGNAL_FLAGS_MATCH_ARG0_NAMESPACE,
      on_signal, watch, watch_release);
  watch->languages = g_dbus_connection_signal_subscribe(
      bus, NULL, PARLANCE_LIVE_INTERFACE, PARLANCE_LIVE_CHANGED_SIGNAL, PARLANCE_LIVE_OBJECT_PATH,
      NULL, G_DBUS_SIGNAL_FLAGS_NONE, on_signal, watch, watch_release);
  return watch;
}

void parlance_live_unwatch(ParlanceLiveWatch *watch) {
  watch->ended = TRUE;
  g_dbus_connection_signal_unsubscribe(watch->bus, watch->names);
  g_dbus_connection_signal_unsubscribe(watch->bus, watch->languages);
  watch_release(watch);
}
