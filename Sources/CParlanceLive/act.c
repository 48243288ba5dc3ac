#include "CParlanceLive.h"

#include <string.h>

/// The widget a text is shown by: the text's own object, an accessible's widget, a tree
/// view column's button; NULL for a model's cells.
static GtkWidget *shown_by(const ParlanceShownText *text) {
  GObject *object = text->object;
  if (GTK_IS_WIDGET(object)) return GTK_WIDGET(object);
  if (GTK_IS_ACCESSIBLE(object)) return gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
  if (GTK_IS_TREE_VIEW_COLUMN(object)) {
    return gtk_tree_view_column_get_button(GTK_TREE_VIEW_COLUMN(object));
  }
  return NULL;
}

gboolean parlance_activate_text(const ParlanceShownText *text, GError **error) {
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (GTK_IS_ACTION(text->object)) {
    gtk_action_activate(GTK_ACTION(text->object));
    return TRUE;
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
  // The text's widget or the nearest one around it that can be clicked (a label in a
  // button), activated as its accessible's first action does, but at once: a menu
  // item's accessible defers it to an idle.
  for (GtkWidget *widget = shown_by(text); widget != NULL; widget = gtk_widget_get_parent(widget)) {
    if (GTK_IS_MENU_ITEM(widget)) {
      gtk_menu_item_activate(GTK_MENU_ITEM(widget));
      return TRUE;
    }
    if (GTK_IS_BUTTON(widget)) {
      gtk_button_clicked(GTK_BUTTON(widget));
      return TRUE;
    }
    AtkObject *accessible = gtk_widget_get_accessible(widget);
    if (ATK_IS_ACTION(accessible) && atk_action_get_n_actions(ATK_ACTION(accessible)) > 0) {
      if (atk_action_do_action(ATK_ACTION(accessible), 0)) return TRUE;
      g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "the %s showing it refused its action",
                  G_OBJECT_TYPE_NAME(widget));
      return FALSE;
    }
  }
  g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
              "nothing that shows it can be clicked (a %s)", G_OBJECT_TYPE_NAME(text->object));
  return FALSE;
}

GtkWindow *parlance_acting_window(void) {
  GList *toplevels = gtk_window_list_toplevels();
  GtkWindow *main_window = NULL;
  GtkWindow *dialog = NULL;
  for (GList *item = toplevels; item != NULL; item = item->next) {
    GtkWindow *window = item->data;
    if (!gtk_widget_get_mapped(GTK_WIDGET(window)) ||
        gtk_window_get_window_type(window) != GTK_WINDOW_TOPLEVEL)
      continue;
    if (gtk_window_is_active(window)) {
      dialog = window;
      break;
    }
    if (gtk_window_get_transient_for(window) != NULL) {
      dialog = window;
    } else if (main_window == NULL) {
      main_window = window;
    }
  }
  g_list_free(toplevels);
  return dialog != NULL ? dialog : main_window;
}

gboolean parlance_press_key(const char *accelerator, GError **error) {
  guint keyval = 0;
  GdkModifierType modifiers = 0;
  gtk_accelerator_parse(accelerator, &keyval, &modifiers);
  if (keyval == 0) {
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "'%s' is not a key", accelerator);
    return FALSE;
  }
  GtkWindow *window = parlance_acting_window();
  GdkWindow *target = window != NULL ? gtk_widget_get_window(GTK_WIDGET(window)) : NULL;
  if (target == NULL) {
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no window is shown to press it in");
    return FALSE;
  }
  GdkDisplay *display = gdk_window_get_display(target);
  GdkKeymapKey *keys = NULL;
  gint count = 0;
  guint16 keycode = 0;
  guint8 group = 0;
  if (gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(display), keyval, &keys,
                                        &count) &&
      count > 0) {
    keycode = (guint16)keys[0].keycode;
    group = (guint8)keys[0].group;
  }
  g_free(keys);
  GdkDevice *keyboard = gdk_seat_get_keyboard(gdk_display_get_default_seat(display));
  // Pressed and released as the X server would deliver them, through GTK's own
  // handling: the focus widget, mnemonics, accelerators, the application's shortcuts.
  for (int release = 0; release < 2; release++) {
    GdkEvent *event = gdk_event_new(release ? GDK_KEY_RELEASE : GDK_KEY_PRESS);
    event->key.window = g_object_ref(target);
    event->key.send_event = TRUE;
    event->key.time = GDK_CURRENT_TIME;
    event->key.state = modifiers;
    event->key.keyval = keyval;
    event->key.hardware_keycode = keycode;
    event->key.group = group;
    if (keyboard != NULL) gdk_event_set_device(event, keyboard);
    gtk_main_do_event(event);
    gdk_event_free(event);
  }
  return TRUE;
}

gboolean parlance_type_text(const char *text, GError **error) {
  GtkWindow *window = parlance_acting_window();
  GtkWidget *focus = window != NULL ? gtk_window_get_focus(window) : NULL;
  if (focus != NULL && GTK_IS_EDITABLE(focus)) {
    GtkEditable *editable = GTK_EDITABLE(focus);
    gint position = gtk_editable_get_position(editable);
    gtk_editable_insert_text(editable, text, -1, &position);
    gtk_editable_set_position(editable, position);
    return TRUE;
  }
  if (focus != NULL && GTK_IS_TEXT_VIEW(focus)) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(focus));
    gtk_text_buffer_insert_interactive_at_cursor(buffer, text, -1, TRUE);
    return TRUE;
  }
  g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "the focus (%s) takes no text",
              focus != NULL ? G_OBJECT_TYPE_NAME(focus) : "none");
  return FALSE;
}

gboolean parlance_close_window(GError **error) {
  // An open menu first: it is closed as Escape closes it.
  GList *toplevels = gtk_window_list_toplevels();
  GtkWidget *menu = NULL;
  for (GList *item = toplevels; item != NULL && menu == NULL; item = item->next) {
    GtkWidget *child = gtk_bin_get_child(GTK_BIN(item->data));
    if (gtk_widget_get_mapped(item->data) && child != NULL && GTK_IS_MENU(child)) menu = child;
  }
  g_list_free(toplevels);
  if (menu != NULL) {
    gtk_menu_shell_cancel(GTK_MENU_SHELL(menu));
    return TRUE;
  }
  GtkWindow *window = parlance_acting_window();
  if (window == NULL || gtk_window_get_transient_for(window) == NULL) {
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                "no window is open but the program's own: closing it would end the program");
    return FALSE;
  }
  gtk_window_close(window);
  return TRUE;
}
