// The module's trace for parlance-bench live (PARLANCE_LIVE_TRACE=1): instants written
// to standard error, none of it running otherwise.

#include <stdio.h>
#include <time.h>

#include "module-parts.h"

/// With PARLANCE_LIVE_TRACE=1 in the environment (parlance-bench live), the module writes
/// instants (CLOCK_MONOTONIC ns) to standard error: `parlance-live-trace first-frame T`
/// when the program's first frame is painted, and `parlance-live-trace apply SET SET_END
/// FRAME` after each Apply: when it began and ended setting texts, and when the next frame
/// was painted. Off, none of this runs.
static gboolean tracing = FALSE;
static gboolean first_frame_traced = FALSE;
/// Nonzero while the frame after an Apply is awaited.
static gint64 traced_set_start = 0;
static gint64 traced_set_end = 0;

gint64 live_trace_instant(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (gint64)time.tv_sec * 1000000000 + time.tv_nsec;
}

static void traced_paint(GdkFrameClock *clock, gpointer data) {
  (void)data;
  gint64 now = live_trace_instant();
  g_signal_handlers_disconnect_by_func(clock, G_CALLBACK(traced_paint), NULL);
  if (!first_frame_traced) {
    first_frame_traced = TRUE;
    fprintf(stderr, "parlance-live-trace first-frame %" G_GINT64_FORMAT "\n", now);
  }
  if (traced_set_start != 0) {
    fprintf(stderr,
            "parlance-live-trace apply %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
            " %" G_GINT64_FORMAT "\n",
            traced_set_start, traced_set_end, now);
    traced_set_start = 0;
  }
  fflush(stderr);
}

/// Awaits the end of the next paint of `widget`'s frame clock, once per clock.
static void await_paint(GtkWidget *widget) {
  GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
  if (clock == NULL ||
      g_signal_handler_find(clock, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, G_CALLBACK(traced_paint),
                            NULL) != 0) {
    return;
  }
  g_signal_connect_data(clock, "after-paint", G_CALLBACK(traced_paint), NULL, NULL, 0);
}

static void traced_map(GtkWidget *widget, gpointer data) {
  (void)data;
  g_signal_handlers_disconnect_by_func(widget, G_CALLBACK(traced_map), NULL);
  if (!first_frame_traced) await_paint(widget);
}

/// A window is realized: until the first frame is traced, its first paint after it is
/// mapped is awaited.
static gboolean traced_realize(GSignalInvocationHint *hint, guint count, const GValue *values,
                               gpointer data) {
  (void)hint;
  (void)data;
  if (first_frame_traced) return FALSE;
  GObject *object = count > 0 ? g_value_get_object(&values[0]) : NULL;
  if (object != NULL && GTK_IS_WINDOW(object)) {
    g_signal_connect_data(object, "map", G_CALLBACK(traced_map), NULL, NULL, G_CONNECT_AFTER);
  }
  return TRUE;
}

/// With tracing, awaits the next paint of every window shown after texts were set
/// from `set_start` until now.
void live_trace_applied(gint64 set_start) {
  if (tracing) {
    traced_set_end = live_trace_instant();
    traced_set_start = set_start;
    GList *toplevels = gtk_window_list_toplevels();
    for (GList *window = toplevels; window != NULL; window = window->next) {
      if (gtk_widget_get_mapped(window->data)) await_paint(window->data);
    }
    g_list_free(toplevels);
  }
}

gint64 live_trace_now(void) { return tracing ? live_trace_instant() : 0; }

void live_trace_begin(void) {
  tracing = TRUE;
  // The class made first: its signals exist from then on.
  gpointer widget_class = g_type_class_ref(GTK_TYPE_WIDGET);
  g_signal_add_emission_hook(g_signal_lookup("realize", GTK_TYPE_WIDGET), 0, traced_realize,
                             NULL, NULL);
  g_type_class_unref(widget_class);
}
