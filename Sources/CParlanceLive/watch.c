// The controller's waits on the session bus: for a program started by `parlance run` to
// take its name, and for programs to start, end or switch (the Programs view).

#include "CParlanceLive.h"
#include "client.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <sys/syscall.h>
#include <unistd.h>

/// What `parlance_live_await` waits for.
typedef struct {
  gboolean appeared;
  gboolean ended;
  gboolean timed_out;
} Awaited;

static void name_appeared(GDBusConnection *bus, const char *name, const char *owner,
                          gpointer data) {
  (void)bus;
  (void)name;
  (void)owner;
  ((Awaited *)data)->appeared = TRUE;
}

static gboolean process_ended(int fd, GIOCondition condition, gpointer data) {
  (void)fd;
  (void)condition;
  ((Awaited *)data)->ended = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean await_timed_out(gpointer data) {
  ((Awaited *)data)->timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

int parlance_live_await(guint32 pid, int timeout, GError **error) {
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return -1;
  // A context of its own: nothing else of the caller's runs while it waits.
  GMainContext *context = g_main_context_new();
  g_main_context_push_thread_default(context);
  Awaited awaited = {FALSE, FALSE, FALSE};
  char *name = g_strdup_printf(PARLANCE_LIVE_NAME_PREFIX "%u", (unsigned)pid);
  guint watch = g_bus_watch_name_on_connection(bus, name, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                               name_appeared, NULL, &awaited, NULL);
  // The process's end, as an event (Linux 5.3's pidfd; without it, only the timeout).
  // A process that has ended and been reaped already (a program that handed its window
  // to a copy running and ended while the caller set itself up) has no pid left to open.
  int process = (int)syscall(SYS_pidfd_open, (pid_t)pid, 0);
  if (process < 0 && errno == ESRCH) awaited.ended = TRUE;
  GSource *ended = NULL;
  if (process >= 0) {
    ended = g_unix_fd_source_new(process, G_IO_IN);
    g_source_set_callback(ended, (GSourceFunc)(void (*)(void))process_ended, &awaited, NULL);
    g_source_attach(ended, context);
  }
  GSource *limit = g_timeout_source_new((guint)timeout);
  g_source_set_callback(limit, await_timed_out, &awaited, NULL);
  g_source_attach(limit, context);
  while (!awaited.appeared && !awaited.ended && !awaited.timed_out) {
    g_main_context_iteration(context, TRUE);
  }
  g_bus_unwatch_name(watch);
  g_source_destroy(limit);
  g_source_unref(limit);
  if (ended != NULL) {
    g_source_destroy(ended);
    g_source_unref(ended);
  }
  if (process >= 0) close(process);
  // The unwatch's own callbacks drain here, not in the caller's context.
  while (g_main_context_iteration(context, FALSE)) {
  }
  g_main_context_pop_thread_default(context);
  g_main_context_unref(context);
  g_object_unref(bus);
  int result = 0;
  if (!awaited.appeared && awaited.ended) {
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "the program ended before it took %s",
                name);
    result = -1;
  } else if (!awaited.appeared) {
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                "the program did not take %s within %d ms: is it a GTK 3 program?", name,
                timeout);
    result = -1;
  }
  g_free(name);
  return result;
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
  GDBusConnection *bus = parlance_session_bus(error);
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
