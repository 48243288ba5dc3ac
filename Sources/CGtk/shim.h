#ifndef PARLANCE_CGTK_SHIM_H
#define PARLANCE_CGTK_SHIM_H
#include <fontconfig/fontconfig.h>
#include <gtk/gtk.h>
#include <sys/syscall.h>
#include <unistd.h>

// Swift cannot call C macros with arguments nor variadic C functions: every GTK cast
// macro and every `g_object_set`/`g_object_get` the Swift layer needs gets a fixed-arity
// `static inline` function here. The casts keep GLib's runtime type check (a critical
// warning on a wrong type) instead of a silent pointer reinterpretation.

// _Nonnull: a cast of a valid instance never yields NULL, and Swift then needs no unwrap.
#define PARLANCE_CAST(name, Type, MACRO)                                    \
  static inline Type *_Nonnull parlance_##name(gpointer _Nonnull instance) { \
    return MACRO(instance);                                                 \
  }

PARLANCE_CAST(g_object, GObject, G_OBJECT)
PARLANCE_CAST(g_application, GApplication, G_APPLICATION)
PARLANCE_CAST(gtk_application, GtkApplication, GTK_APPLICATION)
PARLANCE_CAST(gtk_widget, GtkWidget, GTK_WIDGET)
PARLANCE_CAST(gtk_container, GtkContainer, GTK_CONTAINER)
PARLANCE_CAST(gtk_window, GtkWindow, GTK_WINDOW)
PARLANCE_CAST(gtk_header_bar, GtkHeaderBar, GTK_HEADER_BAR)
PARLANCE_CAST(gtk_box, GtkBox, GTK_BOX)
PARLANCE_CAST(gtk_grid, GtkGrid, GTK_GRID)
PARLANCE_CAST(gtk_orientable, GtkOrientable, GTK_ORIENTABLE)
PARLANCE_CAST(gtk_label, GtkLabel, GTK_LABEL)
PARLANCE_CAST(gtk_button, GtkButton, GTK_BUTTON)
PARLANCE_CAST(gtk_spin_button, GtkSpinButton, GTK_SPIN_BUTTON)
PARLANCE_CAST(gtk_combo_box, GtkComboBox, GTK_COMBO_BOX)
PARLANCE_CAST(gtk_combo_box_text, GtkComboBoxText, GTK_COMBO_BOX_TEXT)
PARLANCE_CAST(gtk_text_view, GtkTextView, GTK_TEXT_VIEW)
PARLANCE_CAST(gtk_scrolled_window, GtkScrolledWindow, GTK_SCROLLED_WINDOW)
PARLANCE_CAST(gtk_image, GtkImage, GTK_IMAGE)
PARLANCE_CAST(gtk_info_bar, GtkInfoBar, GTK_INFO_BAR)
PARLANCE_CAST(gtk_menu_button, GtkMenuButton, GTK_MENU_BUTTON)
PARLANCE_CAST(gtk_popover, GtkPopover, GTK_POPOVER)
PARLANCE_CAST(gtk_entry, GtkEntry, GTK_ENTRY)
PARLANCE_CAST(gtk_editable, GtkEditable, GTK_EDITABLE)
PARLANCE_CAST(gtk_expander, GtkExpander, GTK_EXPANDER)
PARLANCE_CAST(gtk_notebook, GtkNotebook, GTK_NOTEBOOK)
PARLANCE_CAST(gtk_toggle_button, GtkToggleButton, GTK_TOGGLE_BUTTON)
PARLANCE_CAST(gtk_accessible, GtkAccessible, GTK_ACCESSIBLE)

#undef PARLANCE_CAST

/// Whether `instance` is a GTypeInstance of `type` or a subtype (G_TYPE_CHECK_INSTANCE_TYPE).
static inline gboolean parlance_instance_is_a(gpointer instance, GType type) {
  return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

static inline void parlance_object_set_boolean(gpointer object, const gchar *property,
                                               gboolean value) {
  g_object_set(object, property, value, NULL);
}

static inline void parlance_object_set_int(gpointer object, const gchar *property, gint value) {
  g_object_set(object, property, value, NULL);
}

static inline void parlance_object_set_string(gpointer object, const gchar *property,
                                              const gchar *value) {
  g_object_set(object, property, value, NULL);
}

static inline gboolean parlance_object_get_boolean(gpointer object, const gchar *property) {
  gboolean value = FALSE;
  g_object_get(object, property, &value, NULL);
  return value;
}

static inline gint parlance_object_get_int(gpointer object, const gchar *property) {
  gint value = 0;
  g_object_get(object, property, &value, NULL);
  return value;
}

/// The caller owns the returned string (g_free).
static inline gchar *parlance_object_get_string(gpointer object, const gchar *property) {
  gchar *value = NULL;
  g_object_get(object, property, &value, NULL);
  return value;
}

/// Whether the caller runs on the process's main thread, the thread GTK runs on (Linux: the
/// thread whose id is the process id).
static inline gboolean parlance_is_main_thread(void) {
  return (pid_t)syscall(SYS_gettid) == getpid();
}

#endif
