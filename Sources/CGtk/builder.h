#ifndef PARLANCE_CGTK_BUILDER_H
#define PARLANCE_CGTK_BUILDER_H
#include <gtk/gtk.h>

// Fixed-arity helpers for the GtkBuilder layer: string values of properties, child
// properties, list-store cells and menu attributes, each checking that the value really is
// a string and that the place exists, so a wrong .ui never reaches a GLib critical.

/// G_TYPE_INTERFACE, the fundamental type of every interface.
static inline GType parlance_interface_type(void) { return G_TYPE_INTERFACE; }

/// G_OBJECT_TYPE.
static inline GType parlance_object_type(gpointer object) { return G_OBJECT_TYPE(object); }

/// Sets the string property `name`; FALSE when there is no writable string property.
static inline gboolean parlance_object_set_string_property(gpointer object, const gchar *name,
                                                           const gchar *value) {
  GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
  if (spec == NULL || spec->value_type != G_TYPE_STRING || !(spec->flags & G_PARAM_WRITABLE)) {
    return FALSE;
  }
  GValue gvalue = G_VALUE_INIT;
  g_value_init(&gvalue, G_TYPE_STRING);
  g_value_set_string(&gvalue, value);
  g_object_set_property(G_OBJECT(object), name, &gvalue);
  g_value_unset(&gvalue);
  return TRUE;
}

/// The string property `name` (the caller frees it), NULL when there is none.
static inline gchar *parlance_object_dup_string_property(gpointer object, const gchar *name) {
  GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
  if (spec == NULL || spec->value_type != G_TYPE_STRING || !(spec->flags & G_PARAM_READABLE)) {
    return NULL;
  }
  GValue gvalue = G_VALUE_INIT;
  g_value_init(&gvalue, G_TYPE_STRING);
  g_object_get_property(G_OBJECT(object), name, &gvalue);
  gchar *result = g_value_dup_string(&gvalue);
  g_value_unset(&gvalue);
  return result;
}

/// Sets the object property `name` to `value` (NULL clears it); FALSE when there is no
/// writable object property that takes `value`'s type.
static inline gboolean parlance_object_set_object_property(gpointer object, const gchar *name,
                                                           gpointer value) {
  GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
  if (spec == NULL || !(spec->flags & G_PARAM_WRITABLE) ||
      !(G_TYPE_IS_OBJECT(spec->value_type) || G_TYPE_IS_INTERFACE(spec->value_type)) ||
      (value != NULL && !g_type_is_a(G_OBJECT_TYPE(value), spec->value_type))) {
    return FALSE;
  }
  g_object_set(G_OBJECT(object), name, value, NULL);
  return TRUE;
}

/// Whether `child` was packed into `container`, so its child properties are the
/// container's to answer: its parent, or a GtkAssistant that keeps each page in a box of
/// its own (GTK 3.24) and still answers for the page.
static inline gboolean parlance_is_packed_in(gpointer container, gpointer child) {
  if (!GTK_IS_CONTAINER(container) || !GTK_IS_WIDGET(child)) return FALSE;
  GtkWidget *parent = gtk_widget_get_parent(GTK_WIDGET(child));
  if (parent == GTK_WIDGET(container)) return TRUE;
  return GTK_IS_ASSISTANT(container) && parent != NULL &&
         gtk_widget_get_parent(parent) != NULL &&
         gtk_widget_is_ancestor(GTK_WIDGET(child), GTK_WIDGET(container));
}

/// Sets the string child property `name` of `child` in `container`.
static inline gboolean parlance_child_set_string_property(gpointer container, gpointer child,
                                                          const gchar *name,
                                                          const gchar *value) {
  if (!parlance_is_packed_in(container, child)) return FALSE;
  GParamSpec *spec =
      gtk_container_class_find_child_property(G_OBJECT_GET_CLASS(container), name);
  if (spec == NULL || spec->value_type != G_TYPE_STRING) return FALSE;
  GValue gvalue = G_VALUE_INIT;
  g_value_init(&gvalue, G_TYPE_STRING);
  g_value_set_string(&gvalue, value);
  gtk_container_child_set_property(GTK_CONTAINER(container), GTK_WIDGET(child), name, &gvalue);
  g_value_unset(&gvalue);
  return TRUE;
}

/// The string child property `name` of `child` (the caller frees it).
static inline gchar *parlance_child_dup_string_property(gpointer container, gpointer child,
                                                        const gchar *name) {
  if (!parlance_is_packed_in(container, child)) return NULL;
  GParamSpec *spec =
      gtk_container_class_find_child_property(G_OBJECT_GET_CLASS(container), name);
  if (spec == NULL || spec->value_type != G_TYPE_STRING) return NULL;
  GValue gvalue = G_VALUE_INIT;
  g_value_init(&gvalue, G_TYPE_STRING);
  gtk_container_child_get_property(GTK_CONTAINER(container), GTK_WIDGET(child), name, &gvalue);
  gchar *result = g_value_dup_string(&gvalue);
  g_value_unset(&gvalue);
  return result;
}

/// The tree model of `object`: itself, or a combo box's model.
static inline GtkTreeModel *parlance_tree_model_of(gpointer object) {
  if (GTK_IS_TREE_MODEL(object)) return GTK_TREE_MODEL(object);
  if (GTK_IS_COMBO_BOX(object)) return gtk_combo_box_get_model(GTK_COMBO_BOX(object));
  return NULL;
}

/// Sets the string in `row`, `column` of a list store (or a combo box's list store).
static inline gboolean parlance_model_set_string(gpointer object, gint row, gint column,
                                                 const gchar *value) {
  GtkTreeModel *model = parlance_tree_model_of(object);
  GtkTreeIter iter;
  if (model == NULL || !GTK_IS_LIST_STORE(model) || column < 0 ||
      column >= gtk_tree_model_get_n_columns(model) ||
      gtk_tree_model_get_column_type(model, column) != G_TYPE_STRING ||
      !gtk_tree_model_iter_nth_child(model, &iter, NULL, row)) {
    return FALSE;
  }
  gtk_list_store_set(GTK_LIST_STORE(model), &iter, column, value, -1);
  return TRUE;
}

/// The string in `row`, `column` (the caller frees it), NULL when there is none.
static inline gchar *parlance_model_dup_string(gpointer object, gint row, gint column) {
  GtkTreeModel *model = parlance_tree_model_of(object);
  GtkTreeIter iter;
  if (model == NULL || column < 0 || column >= gtk_tree_model_get_n_columns(model) ||
      gtk_tree_model_get_column_type(model, column) != G_TYPE_STRING ||
      !gtk_tree_model_iter_nth_child(model, &iter, NULL, row)) {
    return NULL;
  }
  gchar *value = NULL;
  gtk_tree_model_get(model, &iter, column, &value, -1);
  return value;
}

/// The menu model holding the item at `path[count - 1]`, following `path[0..<count-1]`
/// through section and submenu links; a new reference, NULL when the path leads nowhere.
static inline GMenuModel *parlance_menu_model_at(gpointer menu, const gint *path, gint count) {
  if (!G_IS_MENU_MODEL(menu) || count < 1) return NULL;
  GMenuModel *model = g_object_ref(G_MENU_MODEL(menu));
  for (gint step = 0; step < count - 1; step++) {
    if (path[step] < 0 || path[step] >= g_menu_model_get_n_items(model)) {
      g_object_unref(model);
      return NULL;
    }
    GMenuModel *next = g_menu_model_get_item_link(model, path[step], G_MENU_LINK_SECTION);
    if (next == NULL) next = g_menu_model_get_item_link(model, path[step], G_MENU_LINK_SUBMENU);
    g_object_unref(model);
    if (next == NULL) return NULL;
    model = next;
  }
  if (path[count - 1] < 0 || path[count - 1] >= g_menu_model_get_n_items(model)) {
    g_object_unref(model);
    return NULL;
  }
  return model;
}

/// The string attribute `name` of the menu item at `path` (the caller frees it).
static inline gchar *parlance_menu_dup_attribute(gpointer menu, const gint *path, gint count,
                                                 const gchar *name) {
  GMenuModel *model = parlance_menu_model_at(menu, path, count);
  if (model == NULL) return NULL;
  gchar *value = NULL;
  g_menu_model_get_item_attribute(model, path[count - 1], name, "s", &value);
  g_object_unref(model);
  return value;
}

/// Sets the string attribute `name` of the menu item at `path`: GMenu items are
/// immutable, so the item is replaced by a copy with the new attribute, in place.
static inline gboolean parlance_menu_set_attribute(gpointer menu, const gint *path, gint count,
                                                   const gchar *name, const gchar *value) {
  GMenuModel *model = parlance_menu_model_at(menu, path, count);
  if (model == NULL) return FALSE;
  if (!G_IS_MENU(model)) {
    g_object_unref(model);
    return FALSE;
  }
  gint index = path[count - 1];
  GMenuItem *item = g_menu_item_new_from_model(model, index);
  g_menu_item_set_attribute(item, name, "s", value);
  g_menu_remove(G_MENU(model), index);
  g_menu_insert_item(G_MENU(model), index, item);
  g_object_unref(item);
  g_object_unref(model);
  return TRUE;
}

/// The accessible of a widget (NULL for other objects).
static inline AtkObject *parlance_accessible_of(gpointer object) {
  return GTK_IS_WIDGET(object) ? gtk_widget_get_accessible(GTK_WIDGET(object)) : NULL;
}

/// The index of the accessible's action `name` (ATK's name: "click", "activate"), -1
/// when the widget's accessible has none.
static inline gint parlance_accessible_action_index(gpointer object, const gchar *name) {
  AtkObject *accessible = parlance_accessible_of(object);
  if (accessible == NULL || !ATK_IS_ACTION(accessible)) return -1;
  gint count = atk_action_get_n_actions(ATK_ACTION(accessible));
  for (gint index = 0; index < count; index++) {
    const gchar *action = atk_action_get_name(ATK_ACTION(accessible), index);
    if (action != NULL && g_strcmp0(action, name) == 0) return index;
  }
  return -1;
}

/// Sets the description of the accessible's action `name`, as `<accessibility><action>`
/// does; FALSE when there is no such action.
static inline gboolean parlance_accessible_set_action_description(gpointer object,
                                                                  const gchar *name,
                                                                  const gchar *value) {
  gint index = parlance_accessible_action_index(object, name);
  if (index < 0) return FALSE;
  return atk_action_set_description(ATK_ACTION(parlance_accessible_of(object)), index, value);
}

/// The description of the accessible's action `name` (a copy), NULL when there is none.
static inline gchar *parlance_accessible_dup_action_description(gpointer object,
                                                               const gchar *name) {
  gint index = parlance_accessible_action_index(object, name);
  if (index < 0) return NULL;
  return g_strdup(atk_action_get_description(ATK_ACTION(parlance_accessible_of(object)), index));
}

#define PARLANCE_SCALE_MARKS_KEY "parlance-scale-mark-markups"

/// Replaces a scale's marks by `count` marks — value and position as a `.ui` file writes
/// them (`position` NULL: below), parsed as GtkBuilder parses them, and Pango markup —
/// added in reverse, as GtkBuilder adds a `<marks>` list. FALSE, changing nothing, when
/// the object is no scale or a value does not parse. GTK 3 has no getter for a mark's
/// text, so the markups are kept on the scale for `parlance_scale_dup_mark_markup`.
static inline gboolean parlance_scale_set_marks(gpointer object, gint count,
                                                const gchar *const *values,
                                                const gchar *const *positions,
                                                const gchar *const *markups) {
  if (!GTK_IS_SCALE(object) || count < 0) return FALSE;
  // Parsing a value needs a builder, no particular one: one for all (GTK thread only).
  static GtkBuilder *parser = NULL;
  if (parser == NULL) parser = gtk_builder_new();
  gdouble *numbers = g_new0(gdouble, count + 1);
  GtkPositionType *sides = g_new0(GtkPositionType, count + 1);
  gboolean parsed = TRUE;
  for (gint index = 0; index < count && parsed; index++) {
    GValue value = G_VALUE_INIT;
    parsed = gtk_builder_value_from_string_type(parser, G_TYPE_DOUBLE, values[index], &value,
                                                NULL);
    if (parsed) numbers[index] = g_value_get_double(&value);
    if (G_IS_VALUE(&value)) g_value_unset(&value);
    sides[index] = GTK_POS_BOTTOM;
    if (parsed && positions[index] != NULL) {
      GValue side = G_VALUE_INIT;
      parsed = gtk_builder_value_from_string_type(parser, GTK_TYPE_POSITION_TYPE,
                                                  positions[index], &side, NULL);
      if (parsed) {
        gint position = g_value_get_enum(&side);
        sides[index] =
            position == GTK_POS_LEFT || position == GTK_POS_TOP ? GTK_POS_TOP : GTK_POS_BOTTOM;
      }
      if (G_IS_VALUE(&side)) g_value_unset(&side);
    }
  }
  if (parsed) {
    GtkScale *scale = GTK_SCALE(object);
    gtk_scale_clear_marks(scale);
    // Each added mark gives the scale its side's class ("marks-before", "marks-after");
    // a scale with marks on one side only has a pointed slider, and Adwaita animates
    // that change. Both classes back at once, the slider never passes through it.
    GtkStyleContext *context = gtk_widget_get_style_context(GTK_WIDGET(scale));
    for (gint index = 0; index < count; index++) {
      gtk_style_context_add_class(context,
                                  sides[index] == GTK_POS_TOP ? "marks-before" : "marks-after");
    }
    for (gint index = count - 1; index >= 0; index--) {
      gtk_scale_add_mark(scale, numbers[index], sides[index], markups[index]);
    }
    gchar **copy = g_new0(gchar *, count + 1);
    for (gint index = 0; index < count; index++) copy[index] = g_strdup(markups[index]);
    g_object_set_data_full(G_OBJECT(object), PARLANCE_SCALE_MARKS_KEY, copy,
                           (GDestroyNotify)g_strfreev);
  }
  g_free(numbers);
  g_free(sides);
  return parsed;
}

/// The markup last given to mark `index` by `parlance_scale_set_marks` (a copy), NULL when
/// there is none.
static inline gchar *parlance_scale_dup_mark_markup(gpointer object, gint index) {
  if (!GTK_IS_SCALE(object) || index < 0) return NULL;
  gchar **markups = g_object_get_data(G_OBJECT(object), PARLANCE_SCALE_MARKS_KEY);
  if (markups == NULL || index >= (gint)g_strv_length(markups)) return NULL;
  return g_strdup(markups[index]);
}

/// Destroys the windows and menus among a builder's objects: a builder that refused its
/// XML made them before the error, and GTK keeps toplevel windows alive until destroyed.
static inline void parlance_builder_destroy_windows(GtkBuilder *builder) {
  GSList *objects = gtk_builder_get_objects(builder);
  for (GSList *item = objects; item != NULL; item = item->next) {
    // A GtkMenu lives in a popup window of its own, which GTK keeps too.
    if (GTK_IS_WINDOW(item->data) || GTK_IS_MENU(item->data)) {
      gtk_widget_destroy(GTK_WIDGET(item->data));
    }
  }
  g_slist_free(objects);
}

#endif
