// Windows laid out at once, as their next frame would lay them out: what lets a
// photograph be taken without waiting for GTK's paced frame, in a program with the live
// module and in Parlance's own screenshot matrix.

#include "CParlanceLive.h"

/// How many times a frame runs GTK's layout step at most while it asks for another
/// (gdkframeclockidle.c).
#define LAYOUT_STEPS_AT_MOST 4

/// Whether the X server has another size for `window` than GDK last heard of: it was
/// asked for one, and GTK awaits the answer (a `configure-event`). Asks the X server,
/// after every request sent before.
static gboolean size_asked(GtkWidget *window) {
  GdkWindow *surface = gtk_widget_get_window(window);
  if (surface == NULL) return FALSE;
  int width = 0;
  int height = 0;
  gdk_window_get_geometry(surface, NULL, NULL, &width, &height);
  return width != gdk_window_get_width(surface) || height != gdk_window_get_height(surface);
}

/// How many times a window was given its size during one layout step.
static void window_allocated(GtkWidget *widget, GdkRectangle *allocation, gpointer data) {
  (void)widget;
  (void)allocation;
  (*(guint *)data)++;
}

gboolean parlance_lay_out_now(GPtrArray *windows, gboolean *laid_out) {
  guint *allocations = g_new0(guint, windows->len);
  gulong *handlers = g_new0(gulong, windows->len);
  GPtrArray *clocks = g_ptr_array_new_with_free_func(g_object_unref);
  for (guint index = 0; index < windows->len; index++) {
    // Held while the program's own handlers run: one may destroy a window.
    GtkWidget *window = g_object_ref(g_ptr_array_index(windows, index));
    handlers[index] = g_signal_connect_data(window, "size-allocate",
                                            G_CALLBACK(window_allocated), &allocations[index],
                                            NULL, 0);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    if (clock != NULL && !g_ptr_array_find(clocks, clock, NULL)) {
      g_ptr_array_add(clocks, g_object_ref(clock));
    }
  }
  for (guint index = 0; index < clocks->len; index++) {
    g_signal_emit_by_name(g_ptr_array_index(clocks, index), "update");
  }
  gboolean settled = FALSE;
  gboolean asked = FALSE;
  for (int step = 0; step < LAYOUT_STEPS_AT_MOST && !settled && !asked; step++) {
    guint before = 0;
    for (guint index = 0; index < windows->len; index++) before += allocations[index];
    for (guint index = 0; index < clocks->len; index++) {
      g_signal_emit_by_name(g_ptr_array_index(clocks, index), "layout");
    }
    guint after = 0;
    for (guint index = 0; index < windows->len; index++) after += allocations[index];
    // A step after the first that lays nothing out: nothing asked for another.
    settled = step > 0 && after == before;
    // A window that asked for another size froze its frame clock until the answer: a
    // frame lays nothing out meanwhile, and a layout step run anyway would ask again
    // from the size GDK still has (GTK takes the window's current size as the one to
    // keep), undoing the first request.
    for (guint index = 0; index < windows->len && !asked; index++) {
      asked = size_asked(g_ptr_array_index(windows, index));
    }
  }
  for (guint index = 0; index < windows->len; index++) {
    GtkWidget *window = g_ptr_array_index(windows, index);
    g_signal_handler_disconnect(window, handlers[index]);
    if (laid_out != NULL) laid_out[index] = allocations[index] > 0;
    g_object_unref(window);
  }
  g_ptr_array_unref(clocks);
  g_free(handlers);
  g_free(allocations);
  return settled && !asked;
}

gboolean parlance_window_size_agreed(GtkWidget *window) {
  GdkWindow *surface = gtk_widget_get_window(window);
  if (surface == NULL || !gtk_widget_get_mapped(window)) return FALSE;
  GtkAllocation allocation;
  gtk_widget_get_allocation(window, &allocation);
  // Asked of the X server, after every request sent before.
  int width = 0;
  int height = 0;
  gdk_window_get_geometry(surface, NULL, NULL, &width, &height);
  return width == gdk_window_get_width(surface) && height == gdk_window_get_height(surface) &&
         width == allocation.width && height == allocation.height;
}
