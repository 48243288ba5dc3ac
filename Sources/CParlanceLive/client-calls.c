// Calls sent to one program together, without waiting between them (client.c): a
// Collect and a Photograph for a reading, and a Switch before them for a burst.

#include "CParlanceLive.h"
#include "client.h"

#include <gio/gio.h>

/// One call of `Calls`, and its answer.
typedef struct {
  GVariant *reply;
  GError *error;
  gboolean done;
} Answer;

static void answered(GObject *source, GAsyncResult *result, gpointer data) {
  Answer *call = data;
  call->reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &call->error);
  if (call->reply == NULL && call->error != NULL) g_dbus_error_strip_remote_error(call->error);
  call->done = TRUE;
}

/// Calls to one program sent one after another without waiting between them, their
/// answers delivered in a context of their own (nothing else of the caller's runs while
/// one is awaited). The module takes them in that order from its main loop, at a
/// priority above GTK's frame: a Switch, a Collect and a Photograph sent together are
/// read before the frame that lays the switch out, and Photograph answers after that one
/// frame rather than a second one (the frame clock paces frames 1/60 s apart).
typedef struct {
  GMainContext *context;
  guint count;
  Answer answers[3];
} Calls;

/// Sends the `count` (at most 3) calls of `methods` (with `parameters`, answered as
/// `replies`) to the program at `name`. Free with `calls_free`.
static Calls *calls_send(GDBusConnection *bus, const char *name, guint count,
                         const char *const *methods, GVariant *const *parameters,
                         const char *const *replies, int timeout) {
  Calls *calls = g_new0(Calls, 1);
  calls->context = g_main_context_new();
  calls->count = count;
  g_main_context_push_thread_default(calls->context);
  for (guint index = 0; index < count; index++) {
    g_dbus_connection_call(bus, name, PARLANCE_LIVE_OBJECT_PATH, PARLANCE_LIVE_INTERFACE,
                           methods[index], parameters[index], G_VARIANT_TYPE(replies[index]),
                           G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout, NULL, answered,
                           &calls->answers[index]);
  }
  g_main_context_pop_thread_default(calls->context);
  return calls;
}

/// The answer to call `index` once it came (the caller's reference stays the calls'),
/// or NULL with `error` set when it failed.
static GVariant *calls_await(Calls *calls, guint index, GError **error) {
  Answer *answer = &calls->answers[index];
  while (!answer->done) g_main_context_iteration(calls->context, TRUE);
  if (answer->error != NULL) g_propagate_error(error, g_error_copy(answer->error));
  return answer->reply;
}

/// Waits for every answer still to come (each within the calls' timeout, so that none
/// is delivered to a freed context), then frees the calls.
static void calls_free(Calls *calls) {
  for (guint index = 0; index < calls->count; index++) {
    Answer *answer = &calls->answers[index];
    while (!answer->done) g_main_context_iteration(calls->context, TRUE);
    if (answer->reply != NULL) g_variant_unref(answer->reply);
    g_clear_error(&answer->error);
  }
  while (g_main_context_iteration(calls->context, FALSE)) {
  }
  g_main_context_unref(calls->context);
  g_free(calls);
}

/// Reads the Collect and Photograph answers, calls `first` and `first + 1` of `calls`,
/// into `*collection` and `*photograph`; FALSE with `error` set when one failed or is
/// malformed.
static gboolean reading_of(Calls *calls, guint first, const char *bus_name,
                           ParlanceLiveCollection **collection,
                           ParlanceLivePhotograph **photograph, GError **error) {
  GVariant *collected = calls_await(calls, first, error);
  GVariant *photographed = collected != NULL ? calls_await(calls, first + 1, error) : NULL;
  if (photographed == NULL) return FALSE;
  *collection = parlance_collection_of(collected, 0, bus_name, "Collect", error);
  if (*collection == NULL) return FALSE;
  *photograph = parlance_photograph_of(photographed, bus_name, error);
  if (*photograph != NULL) return TRUE;
  parlance_live_collection_free(*collection);
  *collection = NULL;
  return FALSE;
}

gboolean parlance_live_read(const char *bus_name, const char *directory, const char *format,
                            int timeout, ParlanceLiveCollection **collection,
                            ParlanceLivePhotograph **photograph, GError **error) {
  *collection = NULL;
  *photograph = NULL;
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return FALSE;
  const char *methods[] = {"Collect", "Photograph"};
  GVariant *parameters[] = {NULL, g_variant_new("(ss)", directory, format)};
  const char *replies[] = {COLLECT_REPLY, PHOTOGRAPH_REPLY};
  Calls *calls = calls_send(bus, bus_name, 2, methods, parameters, replies, timeout);
  gboolean read = reading_of(calls, 0, bus_name, collection, photograph, error);
  calls_free(calls);
  g_object_unref(bus);
  return read;
}

/// Switch, Collect and Photograph sent together, answered one by one.
struct ParlanceLiveBurst {
  GDBusConnection *bus;
  char *bus_name;
  Calls *calls;
  /// Whether the Switch answer was taken (and so the reading may be).
  gboolean switched;
};

ParlanceLiveBurst *parlance_live_burst_send(const char *bus_name, const char *languages,
                                            gboolean right_to_left, const char *directory,
                                            const char *format, int timeout, GError **error) {
  GDBusConnection *bus = parlance_session_bus(error);
  if (bus == NULL) return NULL;
  ParlanceLiveBurst *burst = g_new0(ParlanceLiveBurst, 1);
  burst->bus = bus;
  burst->bus_name = g_strdup(bus_name);
  const char *methods[] = {"Switch", "Collect", "Photograph"};
  GVariant *parameters[] = {g_variant_new("(sb)", languages, right_to_left), NULL,
                            g_variant_new("(ss)", directory, format)};
  const char *replies[] = {SWITCH_REPLY, COLLECT_REPLY, PHOTOGRAPH_REPLY};
  burst->calls = calls_send(bus, bus_name, 3, methods, parameters, replies, timeout);
  return burst;
}

gboolean parlance_live_burst_switched(ParlanceLiveBurst *burst, guint32 *applied, guint32 *kept,
                                      ParlanceLiveCollection **pending, GError **error) {
  *pending = NULL;
  GVariant *answer = calls_await(burst->calls, 0, error);
  if (answer == NULL) return FALSE;
  g_variant_get_child(answer, 0, "u", applied);
  g_variant_get_child(answer, 1, "u", kept);
  ParlanceLiveCollection *left =
      parlance_collection_of(answer, 2, burst->bus_name, "Switch", error);
  if (left == NULL) return FALSE;
  if (left->texts->len > 0) {
    // Nothing was switched: what the other two read is the program as it was.
    *pending = left;
  } else {
    parlance_live_collection_free(left);
    burst->switched = TRUE;
  }
  return TRUE;
}

gboolean parlance_live_burst_read(ParlanceLiveBurst *burst, ParlanceLiveCollection **collection,
                                  ParlanceLivePhotograph **photograph, GError **error) {
  *collection = NULL;
  *photograph = NULL;
  if (!burst->switched) {
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                "%s: the reading of a switch it did not make", burst->bus_name);
    return FALSE;
  }
  return reading_of(burst->calls, 1, burst->bus_name, collection, photograph, error);
}

void parlance_live_burst_free(ParlanceLiveBurst *burst) {
  calls_free(burst->calls);
  g_object_unref(burst->bus);
  g_free(burst->bus_name);
  g_free(burst);
}
