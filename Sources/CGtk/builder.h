#ifndef PARLANCE_CGTK_BUILDER_H
#define PARLANCE_CGTK_BUILDER_H
#include <gtk/gtk.h>

// Fixed-arity helpers for the GtkBuilder layer: string values of properties, child
// properties, list-store cells and menu attributes, each checking that the value really is
// a string and that the place exists, so a wrong .ui never reaches a GLib critical.

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

#endif
