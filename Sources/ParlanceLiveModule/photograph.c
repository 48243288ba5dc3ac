// The program photographed (Photograph: every window once what was asked is laid out, and
// where each text is drawn) and walked through (Act: a step of a steps file).

#include <string.h>

#include "module-parts.h"

/// A Photograph call waiting for the frames it answers after.
typedef struct {
  GDBusMethodInvocation *invocation;
  char *directory;
  /// "png", or "pam" (Netpbm's uncompressed RGBA: the caller compresses it).
  gboolean pam;
  /// The frame clocks whose next paint is awaited (referenced), and how many are left.
  GPtrArray *clocks;
  guint awaiting;
  /// The source that ends the wait when a frame never comes (a window iconified).
  guint timeout;
  /// The source that lays the windows out at once, at the frame's priority.
  guint now;
  /// Which call this is, counted from the first.
  guint serial;
} Photograph;

/// The Photograph call waiting, or NULL: one at a time.
static Photograph *photograph = NULL;

/// How long a Photograph waits for frames before it answers with what is drawn, and
/// for a first window when the program shows none yet (a program still starting).
#define PHOTOGRAPH_WAIT_SECONDS 5
#define PHOTOGRAPH_FIRST_WINDOW_SECONDS 25

static void photograph_free(Photograph *call) {
  for (guint index = 0; index < call->clocks->len; index++) {
    g_signal_handlers_disconnect_by_data(g_ptr_array_index(call->clocks, index), call);
  }
  g_ptr_array_unref(call->clocks);
  if (call->timeout != 0) g_source_remove(call->timeout);
  if (call->now != 0) g_source_remove(call->now);
  g_free(call->directory);
  g_free(call);
}

/// The windows shown, in the order they are listed and photographed: the program's
/// windows, then its popups (an open menu, a tooltip).
static GPtrArray *shown_windows(void) {
  GPtrArray *windows = g_ptr_array_new();
  GList *toplevels = gtk_window_list_toplevels();
  for (int popups = 0; popups < 2; popups++) {
    for (GList *window = toplevels; window != NULL; window = window->next) {
      GtkWidget *widget = window->data;
      gboolean popup = gtk_window_get_window_type(GTK_WINDOW(widget)) == GTK_WINDOW_POPUP;
      if (popup != popups || !gtk_widget_get_mapped(widget)) continue;
      GtkAllocation allocation;
      gtk_widget_get_allocation(widget, &allocation);
      if (allocation.width > 1 && allocation.height > 1) g_ptr_array_add(windows, widget);
    }
  }
  g_list_free(toplevels);
  return windows;
}

/// A window's picture being written to its file on a thread of its own, while the GTK
/// thread finds where the texts are. As a PNG, gdk-pixbuf writes it at zlib's level 3
/// (cairo's writer takes zlib's default and costs three times more); as a PAM, the
/// pixels are written as they are, un-premultiplied, and the caller compresses them
/// (`parlance screenshot --run` does, on its own thread, while the next language is
/// switched).
typedef struct {
  cairo_surface_t *surface;
  char *path;
  gboolean pam;
  GError *error;
} PictureWrite;

static gpointer write_picture(gpointer data) {
  PictureWrite *write = data;
  if (write->pam) {
    parlance_write_pam(write->surface, write->path, &write->error);
    return NULL;
  }
  GdkPixbuf *pixbuf = gdk_pixbuf_get_from_surface(
      write->surface, 0, 0, cairo_image_surface_get_width(write->surface),
      cairo_image_surface_get_height(write->surface));
  if (pixbuf == NULL) {
    g_set_error(&write->error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot read the picture back");
    return NULL;
  }
  gdk_pixbuf_save(pixbuf, write->path, "png", &write->error, "compression", "3", NULL);
  g_object_unref(pixbuf);
  return NULL;
}

/// Draws `window` as laid out now and starts writing it to `path`.
static GThread *start_writing(GtkWidget *window, PictureWrite *write) {
  GtkAllocation allocation;
  gtk_widget_get_allocation(window, &allocation);
  write->surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, allocation.width, allocation.height);
  cairo_t *context = cairo_create(write->surface);
  gtk_widget_draw(window, context);
  cairo_destroy(context);
  return g_thread_new("parlance-png", write_picture, write);
}

/// Waits for every write of `writes` (`count` of them, `threads` beside), frees them,
/// and says the first that failed in `error`.
static gboolean finish_writing(GThread **threads, PictureWrite *writes, guint count,
                               GError **error) {
  gboolean written = TRUE;
  for (guint index = 0; index < count; index++) {
    if (threads[index] != NULL) g_thread_join(threads[index]);
    cairo_surface_destroy(writes[index].surface);
    if (written && writes[index].error != NULL) {
      g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot write '%s': %s",
                  writes[index].path, writes[index].error->message);
      written = FALSE;
    }
    g_clear_error(&writes[index].error);
    g_free(writes[index].path);
  }
  return written;
}

/// Photograph's answer, from the windows as they are drawn now.
static GVariant *photographed(const char *directory, gboolean pam, GError **error) {
  GVariantBuilder windows;
  g_variant_builder_init(&windows, G_VARIANT_TYPE("a(suuss)"));
  GPtrArray *shown = shown_windows();
  GHashTable *indices = g_hash_table_new(NULL, NULL);
  gboolean writing = directory[0] != '\0';
  GThread **threads = g_new0(GThread *, shown->len + 1);
  PictureWrite *writes = g_new0(PictureWrite, shown->len + 1);
  for (guint index = 0; index < shown->len; index++) {
    GtkWidget *window = g_ptr_array_index(shown, index);
    char *path = writing ? g_strdup_printf("%s/window-%u.%s", directory, index + 1,
                                           pam ? "pam" : "png")
                         : g_strdup("");
    if (writing) {
      writes[index].path = g_strdup(path);
      writes[index].pam = pam;
      threads[index] = start_writing(window, &writes[index]);
    }
    GtkAllocation allocation;
    gtk_widget_get_allocation(window, &allocation);
    const char *title = gtk_window_get_title(GTK_WINDOW(window));
    char *name = parlance_object_name(G_OBJECT(window));
    g_variant_builder_add(&windows, "(suuss)", path, (guint32)allocation.width,
                          (guint32)allocation.height, title != NULL ? title : "", name);
    g_free(name);
    g_free(path);
    g_hash_table_insert(indices, window, GUINT_TO_POINTER(index + 1));
  }
  guint window_count = shown->len;
  g_ptr_array_unref(shown);
  GVariantBuilder names;
  g_variant_builder_init(&names, G_VARIANT_TYPE("as"));
  GVariantBuilder places;
  g_variant_builder_init(&places, G_VARIANT_TYPE("a(uuiiiiu)"));
  guint32 id = 0;
  for (guint window = 0; live_collected() != NULL && window < live_collected()->len; window++) {
    GPtrArray *texts = g_ptr_array_index(live_collected(), window);
    for (guint index = 0; index < texts->len; index++, id++) {
      ParlanceShownText *text = g_ptr_array_index(texts, index);
      char *name = parlance_object_name(text->object);
      g_variant_builder_add(&names, "s", name);
      g_free(name);
      GArray *found = parlance_text_places(text);
      for (guint place = 0; place < found->len; place++) {
        ParlanceTextPlace *at = &g_array_index(found, ParlanceTextPlace, place);
        guint shown_index = GPOINTER_TO_UINT(g_hash_table_lookup(indices, at->toplevel));
        if (shown_index == 0) continue;  // in a window too small to photograph
        g_variant_builder_add(&places, "(uuiiiiu)", id, shown_index - 1, at->x, at->y,
                              at->width, at->height, (guint32)MAX(at->needed_width, 0));
      }
      g_array_unref(found);
    }
  }
  g_hash_table_unref(indices);
  gboolean written = !writing || finish_writing(threads, writes, window_count, error);
  g_free(threads);
  g_free(writes);
  if (!written) {
    g_variant_builder_clear(&windows);
    g_variant_builder_clear(&names);
    g_variant_builder_clear(&places);
    return NULL;
  }
  return g_variant_new("(a(suuss)asa(uuiiiiu))", &windows, &names, &places);
}

gboolean live_photograph_waiting(void) { return photograph != NULL; }

/// Answers the waiting Photograph, then takes the calls that came meanwhile.
static gboolean photograph_answer(gpointer data) {
  (void)data;
  Photograph *call = photograph;
  if (call == NULL) return G_SOURCE_REMOVE;
  photograph = NULL;
  GError *error = NULL;
  GVariant *answer = photographed(call->directory, call->pam, &error);
  if (answer != NULL) {
    g_dbus_method_invocation_return_value(call->invocation, answer);
  } else {
    g_dbus_method_invocation_return_gerror(call->invocation, error);
    g_clear_error(&error);
  }
  photograph_free(call);
  live_calls_resume();
  return G_SOURCE_REMOVE;
}

static void photograph_painted(GdkFrameClock *clock, gpointer data) {
  Photograph *call = data;
  g_signal_handlers_disconnect_by_data(clock, call);
  if (call != photograph || call->awaiting == 0) return;
  // After the last window's paint, outside the frame clock's emission.
  if (--call->awaiting == 0) g_idle_add_full(G_PRIORITY_HIGH, photograph_answer, NULL, NULL);
}

static gboolean photograph_awaits_window(GSignalInvocationHint *hint, guint count,
                                         const GValue *values, gpointer data);

/// Whether `window`, laid out at its size, keeps it. A window the user can resize grows
/// only to its minimum size, and GTK may have laid it out at its old size while it
/// asks the window system for the larger one (as mousepad, its warning bar shown, did
/// when switched to a right-to-left language); a size asked for otherwise (the program's
/// own `gtk_window_resize`) shows as the window system's size differing from the one
/// GDK last heard of. The size of any other window (a dialog the user cannot resize, a
/// menu) is not foreseen here.
static gboolean keeps_its_size(GtkWidget *window) {
  if (gtk_window_get_window_type(GTK_WINDOW(window)) != GTK_WINDOW_TOPLEVEL ||
      !gtk_window_get_resizable(GTK_WINDOW(window))) {
    return FALSE;
  }
  GtkAllocation allocation;
  gtk_widget_get_allocation(window, &allocation);
  GtkRequisition minimum;
  gtk_widget_get_preferred_size(window, &minimum, NULL);
  return minimum.width <= allocation.width && minimum.height <= allocation.height &&
         parlance_window_size_agreed(window);
}

/// Lays the windows shown out now (`parlance_lay_out_now`). TRUE when every window was
/// laid out by it and settled, so that what `gtk_widget_draw` draws is what their next
/// frame shows. FALSE when one was not: nothing of it waited to be laid out (a
/// photograph with nothing changed), it asked for another size (it lays itself out
/// when the window system answers), or it still changed at the last step.
static gboolean laid_out_now(GPtrArray *windows) {
  gboolean *laid_out = g_new0(gboolean, windows->len);
  gboolean all = parlance_lay_out_now(windows, laid_out);
  for (guint index = 0; index < windows->len && all; index++) {
    all = laid_out[index] && keeps_its_size(g_ptr_array_index(windows, index));
  }
  g_free(laid_out);
  return all;
}

/// At the priority of GTK's frames, once what the calls before set going at a higher
/// one has run (a resize queued from an idle): when the windows shown are laid out at
/// once, the photograph is of them now instead of after their next paced frame, which
/// then paints the same to the screen.
static gboolean photograph_now(gpointer data) {
  (void)data;
  Photograph *call = photograph;
  if (call == NULL) return G_SOURCE_REMOVE;
  call->now = 0;
  guint serial = call->serial;
  GPtrArray *shown = shown_windows();
  gboolean laid_out = shown->len > 0 && laid_out_now(shown);
  g_ptr_array_unref(shown);
  // A handler of the program's may have run a main loop meanwhile, in which this call
  // was answered after its frame (and another one perhaps begun).
  if (laid_out && photograph != NULL && photograph->serial == serial) photograph_answer(NULL);
  return G_SOURCE_REMOVE;
}

/// Awaits the next paint of every window shown, and lays them out at once where that
/// can stand for it (`photograph_now`); when none is shown yet, the first window's map.
static void photograph_await(Photograph *call) {
  GPtrArray *shown = shown_windows();
  for (guint index = 0; index < shown->len; index++) {
    GtkWidget *window = g_ptr_array_index(shown, index);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    gtk_widget_queue_draw(window);
    if (clock == NULL || g_ptr_array_find(call->clocks, clock, NULL)) continue;
    g_ptr_array_add(call->clocks, g_object_ref(clock));
    g_signal_connect_data(clock, "after-paint", G_CALLBACK(photograph_painted), call, NULL, 0);
    call->awaiting++;
  }
  if (shown->len > 0 && call->now == 0) {
    call->now = g_idle_add_full(GDK_PRIORITY_REDRAW, photograph_now, NULL, NULL);
  }
  if (shown->len == 0) {
    g_signal_add_emission_hook(g_signal_lookup("map", GTK_TYPE_WIDGET), 0,
                               photograph_awaits_window, NULL, NULL);
  }
  g_ptr_array_unref(shown);
}

/// A widget is mapped while a Photograph waits for a window: once it is a window, its
/// first paint is awaited (from the main loop: the hook runs before it is mapped).
static gboolean photograph_window_mapped(gpointer data) {
  (void)data;
  if (photograph != NULL && photograph->awaiting == 0) photograph_await(photograph);
  return G_SOURCE_REMOVE;
}

static gboolean photograph_awaits_window(GSignalInvocationHint *hint, guint count,
                                         const GValue *values, gpointer data) {
  (void)hint;
  (void)data;
  if (photograph == NULL || photograph->awaiting > 0) return FALSE;  // the hook goes
  GObject *object = count > 0 ? g_value_get_object(&values[0]) : NULL;
  if (object == NULL || !GTK_IS_WINDOW(object)) return TRUE;
  g_idle_add_full(G_PRIORITY_HIGH, photograph_window_mapped, NULL, NULL);
  return FALSE;
}

/// The wait is over: the answer is what is drawn now, or no window was ever shown.
static gboolean photograph_timed_out(gpointer data) {
  (void)data;
  Photograph *call = photograph;
  if (call == NULL) return G_SOURCE_REMOVE;
  call->timeout = 0;
  if (call->clocks->len == 0) {
    photograph = NULL;
    g_dbus_method_invocation_return_dbus_error(
        call->invocation, "io.github.parlance.Live1.Error.NoWindow",
        "the program showed no window within " G_STRINGIFY(PHOTOGRAPH_FIRST_WINDOW_SECONDS)
        " seconds");
    photograph_free(call);
    live_calls_resume();
    return G_SOURCE_REMOVE;
  }
  photograph_answer(NULL);
  return G_SOURCE_REMOVE;
}

void live_photograph_begin(GVariant *parameters, GDBusMethodInvocation *invocation) {
  const char *directory = NULL;
  const char *format = NULL;
  g_variant_get(parameters, "(&s&s)", &directory, &format);
  if (strcmp(format, "png") != 0 && strcmp(format, "pam") != 0) {
    g_dbus_method_invocation_return_dbus_error(
        invocation, "org.freedesktop.DBus.Error.InvalidArgs", "the format is \"png\" or \"pam\"");
    return;
  }
  static guint calls = 0;
  Photograph *call = g_new0(Photograph, 1);
  call->serial = ++calls;
  call->invocation = invocation;
  call->directory = g_strdup(directory);
  call->pam = strcmp(format, "pam") == 0;
  call->clocks = g_ptr_array_new_with_free_func(g_object_unref);
  photograph = call;
  photograph_await(call);
  call->timeout = g_timeout_add_seconds(
      call->clocks->len > 0 ? PHOTOGRAPH_WAIT_SECONDS : PHOTOGRAPH_FIRST_WINDOW_SECONDS,
      photograph_timed_out, NULL);
}

/// Answers an Act call once the main loop has run what the step set going at a higher
/// priority (a handler's idle that opens a dialog, GTK's relayout): the caller's next
/// call meets the program as the step left it.
static gboolean act_answer(gpointer data) {
  g_dbus_method_invocation_return_value(data, NULL);
  return G_SOURCE_REMOVE;
}

void live_act(GVariant *parameters, GDBusMethodInvocation *invocation) {
  const char *step = NULL;
  guint32 id = 0;
  const char *argument = NULL;
  g_variant_get(parameters, "(&su&s)", &step, &id, &argument);
  GError *error = NULL;
  gboolean done = FALSE;
  if (strcmp(step, "click") == 0) {
    ParlanceShownText *text = live_collected_text(id);
    if (text == NULL) {
      g_set_error(&error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no text %u in the last Collect",
                  (unsigned)id);
    } else {
      done = parlance_activate_text(text, &error);
    }
  } else if (strcmp(step, "key") == 0) {
    done = parlance_press_key(argument, &error);
  } else if (strcmp(step, "type") == 0) {
    done = parlance_type_text(argument, &error);
  } else if (strcmp(step, "close") == 0) {
    done = parlance_close_window(&error);
  } else {
    g_set_error(&error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no step '%s'", step);
  }
  if (!done) {
    g_dbus_method_invocation_return_dbus_error(invocation, "io.github.parlance.Live1.Error.Step",
                                               error != NULL ? error->message : step);
    g_clear_error(&error);
    return;
  }
  g_idle_add_full(G_PRIORITY_LOW, act_answer, invocation, NULL);
}
