#ifndef PARLANCE_CGTK_CHOOSER_H
#define PARLANCE_CGTK_CHOOSER_H
#include <gtk/gtk.h>
#include <string.h>

// Fixed-arity helpers for file choosers, menus made from models, and the integer and
// boolean properties of built objects (GtkBuilder objects the Swift layer has no class for).

/// gtk_file_chooser_dialog_new with a cancel and an accept button (it is variadic).
static inline GtkWidget *parlance_file_chooser_dialog_new(const gchar *title, GtkWindow *parent,
                                                          GtkFileChooserAction action,
                                                          const gchar *cancel_label,
                                                          const gchar *accept_label) {
  GtkWidget *dialog = gtk_file_chooser_dialog_new(title, parent, action, cancel_label,
                                                  GTK_RESPONSE_CANCEL, accept_label,
                                                  GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response(GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
  return dialog;
}

static inline GtkFileChooser *parlance_gtk_file_chooser(gpointer instance) {
  return GTK_FILE_CHOOSER(instance);
}

static inline GtkDialog *parlance_gtk_dialog(gpointer instance) { return GTK_DIALOG(instance); }

/// A popover showing `model` (a GMenuModel) as a menu, or NULL when `model` is not one.
static inline GtkWidget *parlance_popover_new_from_model(gpointer model) {
  if (!G_IS_MENU_MODEL(model)) return NULL;
  return gtk_popover_new_from_model(NULL, G_MENU_MODEL(model));
}

static void parlance_collect_model_button_texts(GtkWidget *widget, gpointer texts) {
  if (g_type_is_a(G_OBJECT_TYPE(widget), g_type_from_name("GtkModelButton"))) {
    gchar *text = NULL;
    g_object_get(widget, "text", &text, NULL);
    if (text != NULL) g_ptr_array_add((GPtrArray *)texts, text);
  }
  if (GTK_IS_CONTAINER(widget)) {
    gtk_container_forall(GTK_CONTAINER(widget), parlance_collect_model_button_texts, texts);
  }
}

/// The texts of the menu items of a popover made from a model, in order, submenus
/// included (a NULL-terminated array the caller frees with g_strfreev).
static inline gchar **parlance_popover_menu_texts(GtkWidget *popover) {
  GPtrArray *texts = g_ptr_array_new();
  parlance_collect_model_button_texts(popover, texts);
  g_ptr_array_add(texts, NULL);
  return (gchar **)g_ptr_array_free(texts, FALSE);
}

/// The readable or writable spec of `name` when it holds `type`, else NULL.
static inline GParamSpec *parlance_find_property(gpointer object, const gchar *name, GType type,
                                                 GParamFlags flags) {
  GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
  if (spec == NULL || spec->value_type != type || !(spec->flags & flags)) return NULL;
  return spec;
}

/// The gint property `name` in `*value`; FALSE when there is no readable gint property.
static inline gboolean parlance_object_read_int(gpointer object, const gchar *name,
                                                gint *value) {
  if (parlance_find_property(object, name, G_TYPE_INT, G_PARAM_READABLE) == NULL) return FALSE;
  g_object_get(object, name, value, NULL);
  return TRUE;
}

/// Sets the gint property `name`; FALSE when there is no writable gint property.
static inline gboolean parlance_object_write_int(gpointer object, const gchar *name, gint value) {
  if (parlance_find_property(object, name, G_TYPE_INT, G_PARAM_WRITABLE) == NULL) return FALSE;
  g_object_set(object, name, value, NULL);
  return TRUE;
}

/// The gboolean property `name` in `*value`; FALSE when there is no readable one.
static inline gboolean parlance_object_read_bool(gpointer object, const gchar *name,
                                                 gboolean *value) {
  if (parlance_find_property(object, name, G_TYPE_BOOLEAN, G_PARAM_READABLE) == NULL) {
    return FALSE;
  }
  g_object_get(object, name, value, NULL);
  return TRUE;
}

/// Sets the gboolean property `name`; FALSE when there is no writable one.
static inline gboolean parlance_object_write_bool(gpointer object, const gchar *name,
                                                  gboolean value) {
  if (parlance_find_property(object, name, G_TYPE_BOOLEAN, G_PARAM_WRITABLE) == NULL) {
    return FALSE;
  }
  g_object_set(object, name, value, NULL);
  return TRUE;
}


/// Opens a popover below `anchor` to be photographed: not modal (no grab), without its
/// opening transition, wherever the window has room. FALSE when it is no popover.
static inline gboolean parlance_popover_show_below(gpointer popover, GtkWidget *anchor) {
  if (!GTK_IS_POPOVER(popover)) return FALSE;
  GtkPopover *shown = GTK_POPOVER(popover);
  gtk_popover_set_relative_to(shown, anchor);
  gtk_popover_set_modal(shown, FALSE);
  gtk_popover_set_transitions_enabled(shown, FALSE);
  gtk_popover_set_position(shown, GTK_POS_BOTTOM);
  gtk_popover_set_constrain_to(shown, GTK_POPOVER_CONSTRAINT_WINDOW);
  gtk_popover_popup(shown);
  return TRUE;
}


static void parlance_collect_actionables(GtkWidget *widget, gpointer actions) {
  if (GTK_IS_ACTIONABLE(widget)) {
    const gchar *name = gtk_actionable_get_action_name(GTK_ACTIONABLE(widget));
    GVariant *target = gtk_actionable_get_action_target_value(GTK_ACTIONABLE(widget));
    if (name != NULL && strchr(name, '.') != NULL &&
        !g_hash_table_contains((GHashTable *)actions, name)) {
      g_hash_table_insert((GHashTable *)actions, g_strdup(name),
                          g_strdup(target != NULL ? g_variant_get_type_string(target) : ""));
    }
  }
  if (GTK_IS_CONTAINER(widget)) {
    gtk_container_forall(GTK_CONTAINER(widget), parlance_collect_actionables, actions);
  }
}

static void parlance_collect_menu_actions(GMenuModel *model, GHashTable *actions) {
  gint count = g_menu_model_get_n_items(model);
  for (gint index = 0; index < count; index++) {
    gchar *name = NULL;
    if (g_menu_model_get_item_attribute(model, index, G_MENU_ATTRIBUTE_ACTION, "s", &name)) {
      if (strchr(name, '.') != NULL && !g_hash_table_contains(actions, name)) {
        GVariant *target =
            g_menu_model_get_item_attribute_value(model, index, G_MENU_ATTRIBUTE_TARGET, NULL);
        g_hash_table_insert(actions, g_strdup(name),
                            g_strdup(target != NULL ? g_variant_get_type_string(target) : ""));
        if (target != NULL) g_variant_unref(target);
      }
      g_free(name);
    }
    GMenuLinkIter *links = g_menu_model_iterate_item_links(model, index);
    GMenuModel *linked = NULL;
    while (g_menu_link_iter_get_next(links, NULL, &linked)) {
      parlance_collect_menu_actions(linked, actions);
      g_object_unref(linked);
    }
    g_object_unref(links);
  }
}

/// Gives every action the items and buttons of `widget` — and the items of `model`, the
/// menu model it shows, if any — name (`app.open`, `win.zoom` with its target's type) a
/// stand-in that does nothing, in action groups inserted on
/// `widget` itself: the items then show enabled, not greyed out for want of the
/// program's actions (without state, a check or radio item shows as a plain one), and
/// activating one runs none of the viewer's own.
/// Returns how many were given.
static inline gint parlance_stand_in_actions(GtkWidget *widget, gpointer model) {
  GHashTable *actions = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  parlance_collect_actionables(widget, actions);
  if (model != NULL && G_IS_MENU_MODEL(model)) parlance_collect_menu_actions(model, actions);
  GHashTable *groups = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_object_unref);
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init(&iter, actions);
  while (g_hash_table_iter_next(&iter, &key, &value)) {
    const gchar *full = key;
    const gchar *dot = strchr(full, '.');
    gchar *prefix = g_strndup(full, (gsize)(dot - full));
    GSimpleActionGroup *group = g_hash_table_lookup(groups, prefix);
    if (group == NULL) {
      group = g_simple_action_group_new();
      g_hash_table_insert(groups, g_strdup(prefix), group);
    }
    const gchar *type = value;
    GVariantType *parameter =
        type[0] != '\0' && g_variant_type_string_is_valid(type) ? g_variant_type_new(type) : NULL;
    GSimpleAction *action = g_simple_action_new(dot + 1, parameter);
    g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(action));
    g_object_unref(action);
    if (parameter != NULL) g_variant_type_free(parameter);
    g_free(prefix);
  }
  g_hash_table_iter_init(&iter, groups);
  while (g_hash_table_iter_next(&iter, &key, &value)) {
    gtk_widget_insert_action_group(widget, key, G_ACTION_GROUP(value));
  }
  gint count = (gint)g_hash_table_size(actions);
  g_hash_table_destroy(groups);
  g_hash_table_destroy(actions);
  return count;
}

#endif
