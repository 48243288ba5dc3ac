// A switch in the program: its windows read (Collect), the texts the controller decided
// set (Apply), or every text made from its recipe by the module itself (Switch), the
// process switched (process.c), and what GTK makes itself made again.

#include <string.h>

#include "module-parts.h"

/// The texts of the last Collect, by index: the ids Apply refers to.
static GPtrArray *collected = NULL;
/// The tree views and combo boxes of the last Collect whose text a cell data function
/// makes (referenced): their rows are made again after each switch.
static GPtrArray *rendered_views = NULL;

/// The strings of one Collect, each once, and the index of each.
typedef struct {
  GHashTable *indices;
  GPtrArray *strings;
} StringTable;

static guint32 string_index(StringTable *table, const char *string) {
  gpointer found = NULL;
  if (g_hash_table_lookup_extended(table->indices, string, NULL, &found)) {
    return GPOINTER_TO_UINT(found);
  }
  guint32 index = table->strings->len;
  char *copy = g_strdup(string);
  g_ptr_array_add(table->strings, copy);
  g_hash_table_insert(table->indices, copy, GUINT_TO_POINTER(index));
  return index;
}

/// GTK 3.24's menu tracker item (gtk/gtkmenutrackeritem.c), which GtkMenuShell keeps on
/// each menu item it makes of a menu model's item ("GtkMenuTrackerItem"): the fields
/// before the model's item, which GTK exports no function to read.
typedef struct {
  GObject parent_instance;
  gpointer observable;
  char *action_namespace;
  char *action_and_target;
  GMenuItem *item;
} TrackerItemStart;

/// The action of the menu model's item `menu_item` shows (newly allocated), or NULL.
static char *model_item_action(GObject *menu_item) {
  GObject *tracked = g_object_get_data(menu_item, "GtkMenuTrackerItem");
  if (tracked == NULL || gtk_get_minor_version() != 24 || !G_IS_OBJECT(tracked) ||
      strcmp(G_OBJECT_TYPE_NAME(tracked), "GtkMenuTrackerItem") != 0) {
    return NULL;
  }
  GMenuItem *item = ((TrackerItemStart *)tracked)->item;
  char *action = NULL;
  if (item != NULL && G_IS_MENU_ITEM(item) &&
      g_menu_item_get_attribute(item, G_MENU_ATTRIBUTE_ACTION, "s", &action)) {
    return action;
  }
  return NULL;
}

/// The GtkBuilder id `object` was built with (an accessible's: its widget's), or NULL.
/// A model's cell has none: its store's id names no row. A menu item GTK made of a menu
/// model's item has, for want of one, `action:` and its action's name (`action:win.find`),
/// or `submenu:` for a submenu's: what a `<menu>` of the program's GtkBuilder files
/// gives the same item (`InterfaceDeclarations`). A menu item or tool button made of an
/// action has the action's id. The name is `scratch`'s until the next call.
static const char *builder_id_of(GObject *object, GString *scratch) {
  if (GTK_IS_ACCESSIBLE(object)) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    if (widget == NULL) return NULL;
    object = G_OBJECT(widget);
  }
  if (GTK_IS_TREE_MODEL(object) || !GTK_IS_BUILDABLE(object)) return NULL;
  const char *name = gtk_buildable_get_name(GTK_BUILDABLE(object));
  // A proxy GtkUIManager made of an action shows the action's texts: the action's id.
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkAction *related = name == NULL && GTK_IS_ACTIVATABLE(object)
                          ? gtk_activatable_get_related_action(GTK_ACTIVATABLE(object))
                          : NULL;
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (related != NULL) return gtk_buildable_get_name(GTK_BUILDABLE(related));
  if (name != NULL || strcmp(G_OBJECT_TYPE_NAME(object), "GtkModelMenuItem") != 0) return name;
  if (gtk_menu_item_get_submenu(GTK_MENU_ITEM(object)) != NULL) return "submenu:";
  char *action = model_item_action(object);
  if (action == NULL) return NULL;
  g_string_assign(scratch, "action:");
  g_string_append(scratch, action);
  g_free(action);
  return scratch->str;
}

static gboolean release_walk(gpointer walk) {
  g_ptr_array_unref(walk);
  return G_SOURCE_REMOVE;
}

/// Reads every window's texts again: the texts (and ids) of the next rows and Apply.
static void walk_windows(void) {
  // The walk before is released after the frame this call causes is drawn (a low
  // priority idle): its texts and their widgets' references are not freed on the way.
  if (collected != NULL) g_idle_add_full(G_PRIORITY_LOW, release_walk, collected, NULL);
  if (rendered_views != NULL) g_idle_add_full(G_PRIORITY_LOW, release_walk, rendered_views, NULL);
  collected = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
  rendered_views = g_ptr_array_new_with_free_func(g_object_unref);
  // A menu is reached through its popup window and through its menu item: read once.
  GHashTable *visited = g_hash_table_new(NULL, NULL);
  GList *toplevels = gtk_window_list_toplevels();
  for (GList *window = toplevels; window != NULL; window = window->next) {
    g_ptr_array_add(collected, parlance_collect_texts_once(
                                   GTK_WIDGET(window->data),
                                   PARLANCE_WALK_ACCESSIBLES | PARLANCE_WALK_MODELS, visited,
                                   rendered_views));
  }
  g_list_free(toplevels);
  g_hash_table_unref(visited);
}

/// How many texts the last walk read.
static guint32 collected_count(void) {
  guint32 count = 0;
  for (guint window = 0; collected != NULL && window < collected->len; window++) {
    count += ((GPtrArray *)g_ptr_array_index(collected, window))->len;
  }
  return count;
}

/// Whether the controller is to decide `text` (id `id` of the last walk): it has no
/// recipe, or one that could not be made (marked in `unmade`, NULL: none).
static gboolean undecided_text(ParlanceShownText *text, guint32 id, const guint8 *unmade) {
  // A row of the program's own model is read for the report, and set by nothing.
  if (!parlance_shown_text_is_settable(text)) return FALSE;
  return live_recipe_of(text) == NULL || (unmade != NULL && unmade[id]);
}

/// What Collect calls a stock item's text: `stock`, or with the context of its label's
/// message when it is not "Stock label" (`stock:Stock label, navigation`).
static const char *stock_property(const ParlanceShownText *text) {
  const char *context = parlance_stock_context(text);
  if (context == NULL || strcmp(context, "Stock label") == 0) return "stock";
  if (strcmp(context, "Stock label, navigation") == 0) return "stock:Stock label, navigation";
  if (strcmp(context, "Stock label, media") == 0) return "stock:Stock label, media";
  return "stock";
}

/// The rows of the texts `walk_windows` read, as Collect answers: `(as strings,
/// a(uuuuuuu) texts)`; with `without_recipe`, only those the controller is to decide
/// (`undecided_text`) and every text of a list column one of them is in.
static GVariant *collected_rows(gboolean without_recipe, const guint8 *unmade) {
  StringTable table = {g_hash_table_new(g_str_hash, g_str_equal),
                       g_ptr_array_new_with_free_func(g_free)};
  GArray *rows = g_array_new(FALSE, FALSE, sizeof(ParlanceLiveText));
  // Each window's walk numbers its list columns from 1: they are made one numbering
  // here, so that a column of one window is never switched with another window's.
  guint32 *groups_of = g_new0(guint32, collected_count() + 1);
  // The columns with a text to decide: the controller decides a column whole.
  GHashTable *undecided = g_hash_table_new(NULL, NULL);
  guint32 id = 0;
  guint32 groups = 0;
  for (guint window = 0; window < collected->len; window++) {
    GPtrArray *shown = g_ptr_array_index(collected, window);
    guint32 last_group = groups;
    for (guint index = 0; index < shown->len; index++, id++) {
      ParlanceShownText *text = g_ptr_array_index(shown, index);
      guint32 group = text->group != 0 ? groups + text->group : 0;
      if (group > last_group) last_group = group;
      groups_of[id] = group;
      if (group != 0 && undecided_text(text, id, unmade)) {
        g_hash_table_add(undecided, GUINT_TO_POINTER(group));
      }
    }
    groups = last_group;
  }
  id = 0;
  GString *scratch = g_string_new(NULL);
  for (guint window = 0; window < collected->len; window++) {
    GPtrArray *shown = g_ptr_array_index(collected, window);
    for (guint index = 0; index < shown->len; index++, id++) {
      ParlanceShownText *text = g_ptr_array_index(shown, index);
      guint32 group = groups_of[id];
      if (without_recipe && !undecided_text(text, id, unmade) &&
          (group == 0 || !g_hash_table_contains(undecided, GUINT_TO_POINTER(group))))
        continue;
      Remembered *remembered = live_remembered_at(text);
      const char *shown_now = text->display != NULL ? text->display : text->text;
      // The message a switch set there; the mark before it once the program has set the
      // text again itself (from a copy of its own the switch cannot reach). A text kept
      // as it is has a recipe and no message. Before any switch, GTK's own message where
      // the walk knows it (`toolkit_key`), as `Retranslator.ShownMessage.encoded` writes
      // one: table, key, no form, no count, exact.
      guint32 message;
      if (remembered == NULL && text->toolkit_key != NULL) {
        char *known = g_strconcat("gtk30\x1f", text->toolkit_key, "\x1f\x1f\x1f" "1", NULL);
        message = string_index(&table, known);
        g_free(known);
      } else if (remembered == NULL || remembered->message[0] == '\0') {
        message = string_index(&table, "");
      } else if (strcmp(remembered->shown, text->text) == 0) {
        message = string_index(&table, remembered->message);
      } else if (text->kind == PARLANCE_TEXT_MODEL_CELL) {
        // The row holds another text now: the model changed, no switch is undone.
        message = string_index(&table, "");
      } else {
        char *marked = g_strconcat(PARLANCE_LIVE_REPLACED_MARK, remembered->message, NULL);
        message = string_index(&table, marked);
        g_free(marked);
      }
      const char *builder_id = builder_id_of(text->object, scratch);
      ParlanceLiveText row = {
          id,
          string_index(&table, G_OBJECT_TYPE_NAME(text->object)),
          string_index(&table, text->kind == PARLANCE_TEXT_STOCK ? stock_property(text)
                                                                 : text->property),
          string_index(&table, shown_now),
          message,
          group,
          string_index(&table, builder_id != NULL ? builder_id : ""),
      };
      g_array_append_val(rows, row);
    }
  }
  g_string_free(scratch, TRUE);
  g_free(groups_of);
  g_hash_table_unref(undecided);
  GVariant *strings =
      g_variant_new_strv((const char *const *)table.strings->pdata, table.strings->len);
  GVariant *texts = g_variant_new_fixed_array(G_VARIANT_TYPE("(uuuuuuu)"), rows->data, rows->len,
                                              sizeof(ParlanceLiveText));
  g_hash_table_unref(table.indices);
  g_ptr_array_unref(table.strings);
  g_array_unref(rows);
  return g_variant_new("(@as@a(uuuuuuu))", strings, texts);
}

GVariant *live_collect(void) {
  walk_windows();
  return collected_rows(FALSE, NULL);
}

/// The text of the last Collect with id `id`, or NULL.
ParlanceShownText *live_collected_text(guint32 id) {
  if (collected == NULL) return NULL;
  for (guint window = 0; window < collected->len; window++) {
    GPtrArray *shown = g_ptr_array_index(collected, window);
    if (id < shown->len) return g_ptr_array_index(shown, id);
    id -= shown->len;
  }
  return NULL;
}

/// A text of the last walk made from its recipe, in the language gettext answers in.
typedef struct {
  ParlanceShownText *text;
  ParlanceRecipeKind kind;
  /// The new text (NULL for a stock button, whose label GTK makes).
  char *value;
} Made;

static void made_clear(gpointer data) { g_free(((Made *)data)->value); }

/// Makes every text of the last walk whose id is not marked in `skipped` (NULL: none)
/// and that has a recipe, in the language gettext answers in now; the texts whose
/// recipe could not be made here are added to `unmade` (when not NULL). With
/// `undecided`, it stops at the first text without a recipe and sets it TRUE (the
/// texts made so far are returned).
static GArray *make_from_recipes(const guint8 *skipped, GArray *unmade, gboolean *undecided) {
  GArray *made = g_array_new(FALSE, FALSE, sizeof(Made));
  g_array_set_clear_func(made, made_clear);
  guint32 id = 0;
  for (guint window = 0; window < collected->len; window++) {
    GPtrArray *shown = g_ptr_array_index(collected, window);
    for (guint index = 0; index < shown->len; index++, id++) {
      if (skipped != NULL && skipped[id]) continue;
      ParlanceShownText *text = g_ptr_array_index(shown, index);
      const char *recipe = live_recipe_of(text);
      if (recipe == NULL && undecided != NULL && undecided_text(text, id, NULL)) {
        *undecided = TRUE;
        return made;
      }
      if (recipe == NULL) continue;
      Made entry = {text, PARLANCE_RECIPE_INVALID, NULL};
      entry.kind = parlance_render_recipe(recipe, &entry.value);
      if (entry.kind == PARLANCE_RECIPE_INVALID) {
        if (unmade != NULL) g_array_append_val(unmade, id);
        continue;
      }
      g_array_append_val(made, entry);
    }
  }
  return made;
}

/// Sets the texts `make_from_recipes` made, each remembered with its recipe again;
/// counts those set and those kept as they are (no catalog has them).
static void set_made(GArray *made, guint32 *applied, guint32 *kept) {
  for (guint index = 0; index < made->len; index++) {
    Made *entry = &g_array_index(made, Made, index);
    Remembered *remembered = live_remembered_at(entry->text);
    parlance_set_shown_text(entry->text,
                            entry->value != NULL ? entry->value : entry->text->text);
    g_free(remembered->shown);
    remembered->shown = g_strdup(entry->text->text);
    if (entry->kind == PARLANCE_RECIPE_LITERAL) {
      (*kept)++;
    } else {
      (*applied)++;
    }
  }
}

/// What GTK makes itself made again in the language gettext answers in now: the rows a
/// cell data function makes (through gettext, often) in the views of the last walk, the
/// rows of the program's own models that read otherwise now, and the header bars'
/// window buttons.
static void refresh_toolkit_texts(void) {
  if (rendered_views != NULL) parlance_refresh_rendered_rows(rendered_views);
  if (collected != NULL) parlance_announce_changed_rows(collected);
  parlance_renew_window_buttons();
}

GVariant *live_apply(GVariant *parameters) {
  const char *languages = NULL;
  gboolean right_to_left = FALSE;
  GVariant *table = NULL;
  GVariant *rows = NULL;
  g_variant_get(parameters, "(&sb@as@a(uuuu))", &languages, &right_to_left, &table, &rows);
  gsize string_count = 0;
  const char **strings = g_variant_get_strv(table, &string_count);
  gsize count = 0;
  const ParlanceLiveChange *changes =
      g_variant_get_fixed_array(rows, &count, sizeof(ParlanceLiveChange));
  live_switch_process(languages, right_to_left);
  guint32 applied = 0;
  // Texts kept as they are are not counted as set: the controller reports them itself.
  guint32 kept = 0;
  gint64 set_start = live_trace_now();
  guint8 *given = g_new0(guint8, collected_count() + 1);
  for (gsize index = 0; index < count; index++) {
    const ParlanceLiveChange *change = &changes[index];
    ParlanceShownText *text = live_collected_text(change->id);
    // Not an id of the last Collect, or a string Apply was not given: skipped.
    if (text == NULL || change->text >= string_count || change->message >= string_count ||
        change->recipe >= string_count)
      continue;
    given[change->id] = 1;
    const char *message = strings[change->message];
    const char *recipe = strings[change->recipe];
    // A text with a recipe is made here, as the next switches make it: by the program's
    // own gettext and printf, which write a number as its locale does ("1,5 Mo" where
    // the controller's printf wrote "1.5 Mo"). The controller's text where it cannot be.
    // (No text is made of an invalid recipe, nor of a stock item's.)
    char *made = NULL;
    if (recipe[0] != '\0') parlance_render_recipe(recipe, &made);
    const char *value = made != NULL ? made : strings[change->text];
    gboolean changed = strcmp(text->text, value) != 0;
    parlance_set_shown_text(text, value);
    g_free(made);
    live_remember(text, message, recipe);
    // Kept as it is with a recipe for the next switch: a text no catalog has, or one the
    // controller left (its message is the language it is in, `?de`).
    gboolean literal = recipe[0] == 'T' && strchr(recipe, '\x1e') == NULL;
    if (literal && (message[0] == '\0' || message[0] == '?')) {
      kept++;
    } else if (changed || recipe[0] != '\0') {
      applied++;
    }
  }
  if (collected != NULL) {
    GArray *made = make_from_recipes(given, NULL, NULL);
    set_made(made, &applied, &kept);
    g_array_unref(made);
  }
  g_free(given);
  g_free(strings);
  g_variant_unref(table);
  g_variant_unref(rows);
  // After the instant the texts are set: what GTK makes again is this switch's own work,
  // which a program setting the same texts itself would not do (parlance-bench's by hand).
  live_trace_applied(set_start);
  if (languages[0] != '\0') refresh_toolkit_texts();
  return g_variant_new("(u)", applied);
}

/// Switch's answer when it changed nothing: `rows` (`collected_rows`) are the texts left
/// to the controller.
static GVariant *switch_pending(GVariant *rows) {
  GVariant *strings = g_variant_get_child_value(rows, 0);
  GVariant *texts = g_variant_get_child_value(rows, 1);
  GVariant *answer = g_variant_new("(uu@as@a(uuuuuuu))", 0, 0, strings, texts);
  g_variant_unref(strings);
  g_variant_unref(texts);
  g_variant_unref(g_variant_ref_sink(rows));
  return answer;
}

/// Switch: reads the windows again; when every text has a recipe that can be made in
/// `languages`, switches the process and sets them all, answering how many were set and
/// kept; else changes nothing (gettext back as it was) and answers with the texts it
/// cannot make, for the controller to decide and Apply.
GVariant *live_switch_language(GVariant *parameters, gboolean *switched) {
  const char *languages = NULL;
  gboolean right_to_left = FALSE;
  g_variant_get(parameters, "(&sb)", &languages, &right_to_left);
  *switched = FALSE;
  walk_windows();
  char *before = g_strdup(g_getenv("LANGUAGE"));
  if (languages[0] != '\0') parlance_switch_gettext(languages);
  GArray *unmade = g_array_new(FALSE, FALSE, sizeof(guint32));
  // Every text is made from its recipe, the first without one ending it: gettext back
  // as it was, and the controller decides.
  gboolean undecided = FALSE;
  GArray *made = make_from_recipes(NULL, unmade, &undecided);
  if (undecided) {
    if (languages[0] != '\0') parlance_switch_gettext(before != NULL ? before : "");
    g_array_unref(made);
    g_array_unref(unmade);
    g_free(before);
    return switch_pending(collected_rows(TRUE, NULL));
  }
  if (unmade->len > 0) {
    // A recipe that cannot be made here: gettext as it was, the controller decides.
    if (languages[0] != '\0') parlance_switch_gettext(before != NULL ? before : "");
    guint8 *marked = g_new0(guint8, collected_count() + 1);
    for (guint index = 0; index < unmade->len; index++) {
      marked[g_array_index(unmade, guint32, index)] = 1;
    }
    g_array_unref(made);
    g_array_unref(unmade);
    g_free(before);
    GVariant *answer = switch_pending(collected_rows(TRUE, marked));
    g_free(marked);
    return answer;
  }
  g_array_unref(unmade);
  g_free(before);
  // gettext answers in `languages` already.
  live_switch_process("", right_to_left);
  if (languages[0] != '\0') live_follow_gettext(languages);
  guint32 applied = 0;
  guint32 kept = 0;
  gint64 set_start = live_trace_now();
  set_made(made, &applied, &kept);
  g_array_unref(made);
  live_trace_applied(set_start);
  if (languages[0] != '\0') refresh_toolkit_texts();
  *switched = TRUE;
  GVariant *strings = g_variant_new_strv(NULL, 0);
  GVariant *texts = g_variant_new_fixed_array(G_VARIANT_TYPE("(uuuuuuu)"), NULL, 0,
                                              sizeof(ParlanceLiveText));
  return g_variant_new("(uu@as@a(uuuuuuu))", applied, kept, strings, texts);
}

GPtrArray *live_collected(void) { return collected; }
