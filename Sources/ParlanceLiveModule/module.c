// The GTK 3 module `parlance run` loads into a program (`GTK3_MODULES`): it owns a name on
// the session bus and, when asked by the program's own user, reads back the texts the
// program's windows show, sets new ones in place and switches gettext for the process.
// It decides nothing: which message a text is and what it says in another language is
// the controller's (`parlance switch`, the Swift core). GTK and GLib only; all its work
// runs on the GTK thread, in the main loop, when a call arrives; before the first call it
// does nothing but hold its bus name.

#include <gio/gio.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <libintl.h>
#include <unistd.h>

#include "CParlanceLive.h"
#include "ParlanceLiveModule.h"

// docs/io.github.parlance.Live1.xml, as `make module` writes it into a C string.
static const char introspection[] =
#include "introspection.inc"
    ;

/// The texts of the last Collect, by index: the ids Apply refers to.
static GPtrArray *collected = NULL;
/// The tree views and combo boxes of the last Collect whose text a cell data function
/// makes (referenced): their rows are made again after each switch.
static GPtrArray *rendered_views = NULL;
static guint owner_id = 0;
/// The LANGUAGE lists the program has shown, oldest first (Describe's history).
static GPtrArray *history = NULL;

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

static gint64 trace_instant(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (gint64)time.tv_sec * 1000000000 + time.tv_nsec;
}

static void traced_paint(GdkFrameClock *clock, gpointer data) {
  (void)data;
  gint64 now = trace_instant();
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

/// Adds `languages` to the history unless it is what the program showed last.
static void remember_languages(const char *languages) {
  if (languages == NULL) languages = "";
  if (history->len > 0 && strcmp(g_ptr_array_index(history, history->len - 1), languages) == 0) {
    return;
  }
  g_ptr_array_add(history, g_strdup(languages));
}

/// The key under which a place remembers the message a switch set there, made once per
/// property name (the walk's names are static strings, so by address).
static GQuark remembered_quark(const char *property) {
  static GHashTable *quarks = NULL;
  if (quarks == NULL) quarks = g_hash_table_new(NULL, NULL);
  gpointer found = g_hash_table_lookup(quarks, property);
  if (found != NULL) return GPOINTER_TO_UINT(found);
  char name[96];
  snprintf(name, sizeof name, "parlance-live-message-%s", property);
  GQuark quark = g_quark_from_string(name);
  g_hash_table_insert(quarks, (gpointer)property, GUINT_TO_POINTER(quark));
  return quark;
}

/// What a place remembers: the message (as the controller wrote it), the recipe that
/// makes its text in any language (`parlance_render_recipe`, NULL for none) and the text
/// set with them, so that a text the program set since is taken for neither.
typedef struct {
  char *message;
  char *recipe;
  char *shown;
} Remembered;

static void remembered_free(gpointer data) {
  Remembered *remembered = data;
  g_free(remembered->message);
  g_free(remembered->recipe);
  g_free(remembered->shown);
  g_free(remembered);
}

/// A model's cells share one object: what they remember is kept on the model, by column
/// and row (`column:path`), in a table made on first use.
static GHashTable *cells_of(GObject *model, gboolean create) {
  static GQuark quark = 0;
  if (quark == 0) quark = g_quark_from_static_string("parlance-live-cells");
  GHashTable *cells = g_object_get_qdata(model, quark);
  if (cells == NULL && create) {
    cells = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, remembered_free);
    g_object_set_qdata_full(model, quark, cells, (GDestroyNotify)g_hash_table_unref);
  }
  return cells;
}

/// The key of a model cell in `cells_of`, or NULL when its row is gone.
static char *cell_key(ParlanceShownText *text) {
  GtkTreePath *path = text->row != NULL ? gtk_tree_row_reference_get_path(text->row) : NULL;
  if (path == NULL) return NULL;
  char *row = gtk_tree_path_to_string(path);
  char *key = g_strdup_printf("%d:%s", text->column, row);
  g_free(row);
  gtk_tree_path_free(path);
  return key;
}

static Remembered *remembered_at(ParlanceShownText *text) {
  if (text->kind != PARLANCE_TEXT_MODEL_CELL) {
    return g_object_get_qdata(text->object, remembered_quark(text->property));
  }
  GHashTable *cells = cells_of(text->object, FALSE);
  char *key = cells != NULL ? cell_key(text) : NULL;
  Remembered *remembered = key != NULL ? g_hash_table_lookup(cells, key) : NULL;
  g_free(key);
  return remembered;
}

/// The recipe of `text` while it shows what was set with it, else NULL.
static const char *recipe_of(ParlanceShownText *text) {
  Remembered *remembered = remembered_at(text);
  if (remembered == NULL || remembered->recipe == NULL) return NULL;
  return strcmp(remembered->shown, text->text) == 0 ? remembered->recipe : NULL;
}

/// Remembers at `text` (which shows `text->text` now) its message and recipe, when it
/// has either.
static void remember(ParlanceShownText *text, const char *message, const char *recipe) {
  if (message[0] == '\0' && recipe[0] == '\0') return;
  char *key = NULL;
  if (text->kind == PARLANCE_TEXT_MODEL_CELL && (key = cell_key(text)) == NULL) return;
  Remembered *remembered = g_new0(Remembered, 1);
  remembered->message = g_strdup(message);
  remembered->recipe = recipe[0] != '\0' ? g_strdup(recipe) : NULL;
  remembered->shown = g_strdup(text->text);
  if (key != NULL) {
    g_hash_table_replace(cells_of(text->object, TRUE), key, remembered);
  } else {
    g_object_set_qdata_full(text->object, remembered_quark(text->property), remembered,
                            remembered_free);
  }
}

/// The callers found to be this process's user, by unique bus name: the bus never gives
/// a unique name twice, so one answer holds for the connection's life. Bounded, so that
/// many short connections cannot grow it.
static GHashTable *own_user_senders = NULL;
#define OWN_USER_SENDERS_LIMIT 64

/// Whether the caller is this process's own user.
static gboolean is_own_user(GDBusConnection *connection, const char *sender) {
  if (sender == NULL) return TRUE;  // a peer-to-peer connection: the process's own
  if (own_user_senders == NULL) {
    own_user_senders = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  }
  if (g_hash_table_contains(own_user_senders, sender)) return TRUE;
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_sync(
      connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
      "GetConnectionUnixUser", g_variant_new("(s)", sender), G_VARIANT_TYPE("(u)"),
      G_DBUS_CALL_FLAGS_NONE, 2000, NULL, &error);
  if (reply == NULL) {
    g_clear_error(&error);
    return FALSE;
  }
  guint32 uid = 0;
  g_variant_get(reply, "(u)", &uid);
  g_variant_unref(reply);
  if (uid != getuid()) return FALSE;
  if (g_hash_table_size(own_user_senders) >= OWN_USER_SENDERS_LIMIT) {
    g_hash_table_remove_all(own_user_senders);
  }
  g_hash_table_add(own_user_senders, g_strdup(sender));
  return TRUE;
}

static GVariant *describe(void) {
  GVariantBuilder catalogs;
  g_variant_builder_init(&catalogs, G_VARIANT_TYPE("as"));
  GPtrArray *paths = parlance_loaded_catalogs();
  for (guint index = 0; index < paths->len; index++) {
    g_variant_builder_add(&catalogs, "s", (const char *)g_ptr_array_index(paths, index));
  }
  g_ptr_array_unref(paths);
  const char *languages = g_getenv("LANGUAGE");
  const char *program = g_get_prgname();
  // The program's default domain and its folder, which glibc maps nothing of while the
  // program shows its own language (English: no catalog read).
  const char *domain = textdomain(NULL);
  const char *directory = domain != NULL ? bindtextdomain(domain, NULL) : NULL;
  GVariantBuilder shown;
  g_variant_builder_init(&shown, G_VARIANT_TYPE("as"));
  for (guint index = 0; index < history->len; index++) {
    g_variant_builder_add(&shown, "s", (const char *)g_ptr_array_index(history, index));
  }
  return g_variant_new("(ussasssas)", (guint32)getpid(), program != NULL ? program : "",
                       languages != NULL ? languages : "", &catalogs,
                       domain != NULL ? domain : "", directory != NULL ? directory : "",
                       &shown);
}

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

/// The GtkBuilder id `object` was built with (an accessible's: its widget's), or NULL.
/// A model's cell has none: its store's id names no row.
static const char *builder_id_of(GObject *object) {
  if (GTK_IS_ACCESSIBLE(object)) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    if (widget == NULL) return NULL;
    object = G_OBJECT(widget);
  }
  if (GTK_IS_TREE_MODEL(object) || !GTK_IS_BUILDABLE(object)) return NULL;
  return gtk_buildable_get_name(GTK_BUILDABLE(object));
}

/// Adds to `files` every GtkBuilder file (`.ui`, `.glade`) under `path` in the
/// registered GResources (at most `limit` files, `depth` folders deep).
static void add_interfaces(GVariantBuilder *files, const char *path, int depth, guint *limit) {
  char **children = g_resources_enumerate_children(path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  for (char **child = children; child != NULL && *child != NULL && *limit > 0; child++) {
    char *full = g_strconcat(path, *child, NULL);
    if (g_str_has_suffix(*child, "/")) {
      if (depth > 0) add_interfaces(files, full, depth - 1, limit);
    } else if (g_str_has_suffix(*child, ".ui") || g_str_has_suffix(*child, ".glade")) {
      GBytes *contents = g_resources_lookup_data(full, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      if (contents != NULL) {
        g_variant_builder_add(files, "(s@ay)", full,
                              g_variant_new_from_bytes(G_VARIANT_TYPE_BYTESTRING, contents, TRUE));
        g_bytes_unref(contents);
        (*limit)--;
      }
    }
    g_free(full);
  }
  g_strfreev(children);
}

/// Interfaces: the GtkBuilder files of the program's GResources.
static GVariant *interfaces(void) {
  GVariantBuilder files;
  g_variant_builder_init(&files, G_VARIANT_TYPE("a(say)"));
  guint limit = 1000;
  add_interfaces(&files, "/", 12, &limit);
  return g_variant_new("(a(say))", &files);
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
  return recipe_of(text) == NULL || (unmade != NULL && unmade[id]);
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
  for (guint window = 0; window < collected->len; window++) {
    GPtrArray *shown = g_ptr_array_index(collected, window);
    for (guint index = 0; index < shown->len; index++, id++) {
      ParlanceShownText *text = g_ptr_array_index(shown, index);
      guint32 group = groups_of[id];
      if (without_recipe && !undecided_text(text, id, unmade) &&
          (group == 0 || !g_hash_table_contains(undecided, GUINT_TO_POINTER(group))))
        continue;
      Remembered *remembered = remembered_at(text);
      const char *shown_now = text->display != NULL ? text->display : text->text;
      // The message a switch set there; the mark before it once the program has set the
      // text again itself (from a copy of its own the switch cannot reach). A text kept
      // as it is has a recipe and no message.
      guint32 message;
      if (remembered == NULL || remembered->message[0] == '\0') {
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
      const char *builder_id = builder_id_of(text->object);
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

static GVariant *collect(void) {
  walk_windows();
  return collected_rows(FALSE, NULL);
}

/// The text of the last Collect with id `id`, or NULL.
static ParlanceShownText *collected_text(guint32 id) {
  if (collected == NULL) return NULL;
  for (guint window = 0; window < collected->len; window++) {
    GPtrArray *shown = g_ptr_array_index(collected, window);
    if (id < shown->len) return g_ptr_array_index(shown, id);
    id -= shown->len;
  }
  return NULL;
}

/// GtkAccelLabel translates its modifier names once, into its class (gtk/gtkaccellabel.c,
/// class_init; the fields are public): translated again from gtk30 in the language
/// gettext answers in now, then every accelerator shown is made again.
static void retranslate_accelerators(void) {
  GtkAccelLabelClass *class = g_type_class_peek(GTK_TYPE_ACCEL_LABEL);
  if (class == NULL) return;  // no accelerator label made yet
  const struct {
    char **field;
    const char *name;
  } names[] = {
      {&class->mod_name_shift, "Shift"},
      {&class->mod_name_control, "Ctrl"},
      {&class->mod_name_alt, "Alt"},
  };
  for (size_t index = 0; index < G_N_ELEMENTS(names); index++) {
    g_free(*names[index].field);
    *names[index].field = g_strdup(g_dpgettext2("gtk30", "keyboard label", names[index].name));
  }
  if (collected == NULL) return;
  for (guint window = 0; window < collected->len; window++) {
    GPtrArray *shown = g_ptr_array_index(collected, window);
    for (guint index = 0; index < shown->len; index++) {
      ParlanceShownText *text = g_ptr_array_index(shown, index);
      if (!GTK_IS_ACCEL_LABEL(text->object)) continue;
      // Only a label that shows an accelerator: refetching queues a resize.
      guint key = 0;
      GdkModifierType modifiers = 0;
      gtk_accel_label_get_accel(GTK_ACCEL_LABEL(text->object), &key, &modifiers);
      if (key != 0) gtk_accel_label_refetch(GTK_ACCEL_LABEL(text->object));
    }
  }
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
      const char *recipe = recipe_of(text);
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
    Remembered *remembered = remembered_at(entry->text);
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

/// gettext, GTK's modifier names and the default direction switched: what GTK makes
/// from here on (a stock label set again, a dialog opened later) comes in the new
/// language. Empty `languages` leaves gettext as it is.
static void switch_process(const char *languages, gboolean right_to_left) {
  if (languages[0] != '\0') {
    parlance_switch_gettext(languages);
    retranslate_accelerators();
  }
  gtk_widget_set_default_direction(right_to_left ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
}

/// What GTK makes itself made again in the language gettext answers in now: the rows a
/// cell data function makes (through gettext, often) in the views of the last walk, and
/// the header bars' window buttons.
static void refresh_toolkit_texts(void) {
  if (rendered_views != NULL) parlance_refresh_rendered_rows(rendered_views);
  parlance_renew_window_buttons();
}

/// With tracing, awaits the next paint of every window shown after texts were set
/// from `set_start` until now.
static void trace_applied(gint64 set_start) {
  if (tracing) {
    traced_set_end = trace_instant();
    traced_set_start = set_start;
    GList *toplevels = gtk_window_list_toplevels();
    for (GList *window = toplevels; window != NULL; window = window->next) {
      if (gtk_widget_get_mapped(window->data)) await_paint(window->data);
    }
    g_list_free(toplevels);
  }
}

static GVariant *apply(GVariant *parameters) {
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
  switch_process(languages, right_to_left);
  guint32 applied = 0;
  // Texts kept as they are are not counted as set: the controller reports them itself.
  guint32 kept = 0;
  gint64 set_start = tracing ? trace_instant() : 0;
  guint8 *given = g_new0(guint8, collected_count() + 1);
  for (gsize index = 0; index < count; index++) {
    const ParlanceLiveChange *change = &changes[index];
    ParlanceShownText *text = collected_text(change->id);
    // Not an id of the last Collect, or a string Apply was not given: skipped.
    if (text == NULL || change->text >= string_count || change->message >= string_count ||
        change->recipe >= string_count)
      continue;
    given[change->id] = 1;
    const char *message = strings[change->message];
    const char *recipe = strings[change->recipe];
    gboolean changed = strcmp(text->text, strings[change->text]) != 0;
    parlance_set_shown_text(text, strings[change->text]);
    remember(text, message, recipe);
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
  trace_applied(set_start);
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
static GVariant *switch_language(GVariant *parameters, gboolean *switched) {
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
  switch_process("", right_to_left);
  if (languages[0] != '\0') retranslate_accelerators();
  guint32 applied = 0;
  guint32 kept = 0;
  gint64 set_start = tracing ? trace_instant() : 0;
  set_made(made, &applied, &kept);
  g_array_unref(made);
  trace_applied(set_start);
  if (languages[0] != '\0') refresh_toolkit_texts();
  *switched = TRUE;
  GVariant *strings = g_variant_new_strv(NULL, 0);
  GVariant *texts = g_variant_new_fixed_array(G_VARIANT_TYPE("(uuuuuuu)"), NULL, 0,
                                              sizeof(ParlanceLiveText));
  return g_variant_new("(uu@as@a(uuuuuuu))", applied, kept, strings, texts);
}

/// A Photograph call waiting for the frames it answers after.
typedef struct {
  GDBusMethodInvocation *invocation;
  char *directory;
  /// The frame clocks whose next paint is awaited (referenced), and how many are left.
  GPtrArray *clocks;
  guint awaiting;
  /// The source that ends the wait when a frame never comes (a window iconified).
  guint timeout;
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

/// A window's picture being written to its file on a thread of its own: the PNG's
/// compression is the picture's longest part, and the GTK thread meanwhile finds where
/// the texts are. gdk-pixbuf writes it at zlib's level 3, as the Parlance process's own
/// screenshots are (cairo's writer takes zlib's default and costs three times more).
typedef struct {
  cairo_surface_t *surface;
  char *path;
  GError *error;
} PictureWrite;

static gpointer write_picture(gpointer data) {
  PictureWrite *write = data;
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
static GVariant *photographed(const char *directory, GError **error) {
  GVariantBuilder windows;
  g_variant_builder_init(&windows, G_VARIANT_TYPE("a(suuss)"));
  GPtrArray *shown = shown_windows();
  GHashTable *indices = g_hash_table_new(NULL, NULL);
  gboolean writing = directory[0] != '\0';
  GThread **threads = g_new0(GThread *, shown->len + 1);
  PictureWrite *writes = g_new0(PictureWrite, shown->len + 1);
  for (guint index = 0; index < shown->len; index++) {
    GtkWidget *window = g_ptr_array_index(shown, index);
    char *path = writing ? g_strdup_printf("%s/window-%u.png", directory, index + 1)
                         : g_strdup("");
    if (writing) {
      writes[index].path = g_strdup(path);
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
  for (guint window = 0; collected != NULL && window < collected->len; window++) {
    GPtrArray *texts = g_ptr_array_index(collected, window);
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

/// Answers the waiting Photograph.
static gboolean photograph_answer(gpointer data) {
  (void)data;
  Photograph *call = photograph;
  if (call == NULL) return G_SOURCE_REMOVE;
  photograph = NULL;
  GError *error = NULL;
  GVariant *answer = photographed(call->directory, &error);
  if (answer != NULL) {
    g_dbus_method_invocation_return_value(call->invocation, answer);
  } else {
    g_dbus_method_invocation_return_gerror(call->invocation, error);
    g_clear_error(&error);
  }
  photograph_free(call);
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

/// Awaits the next paint of every window shown; when none is shown yet, the first
/// window's map.
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
    return G_SOURCE_REMOVE;
  }
  photograph_answer(NULL);
  return G_SOURCE_REMOVE;
}

static void photograph_begin(GVariant *parameters, GDBusMethodInvocation *invocation) {
  if (photograph != NULL) {
    g_dbus_method_invocation_return_dbus_error(invocation, "io.github.parlance.Live1.Error.Busy",
                                               "a Photograph call is waiting already");
    return;
  }
  const char *directory = NULL;
  g_variant_get(parameters, "(&s)", &directory);
  Photograph *call = g_new0(Photograph, 1);
  call->invocation = invocation;
  call->directory = g_strdup(directory);
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

static void act(GVariant *parameters, GDBusMethodInvocation *invocation) {
  const char *step = NULL;
  guint32 id = 0;
  const char *argument = NULL;
  g_variant_get(parameters, "(&su&s)", &step, &id, &argument);
  GError *error = NULL;
  gboolean done = FALSE;
  if (strcmp(step, "click") == 0) {
    ParlanceShownText *text = collected_text(id);
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

/// A switch is made: the language is added to the history, and announced to the
/// controllers that list programs (the Parlance window's Programs view).
static void announce_switch(GDBusConnection *connection) {
  const char *languages = g_getenv("LANGUAGE");
  remember_languages(languages);
  g_dbus_connection_emit_signal(connection, NULL, PARLANCE_LIVE_OBJECT_PATH,
                                PARLANCE_LIVE_INTERFACE, PARLANCE_LIVE_CHANGED_SIGNAL,
                                g_variant_new("(s)", languages != NULL ? languages : ""), NULL);
}

static void handle_call(GDBusConnection *connection, const char *sender,
                        const char *object_path, const char *interface_name,
                        const char *method_name, GVariant *parameters,
                        GDBusMethodInvocation *invocation, gpointer user_data) {
  (void)object_path;
  (void)interface_name;
  (void)user_data;
  if (!is_own_user(connection, sender)) {
    g_dbus_method_invocation_return_dbus_error(
        invocation, "org.freedesktop.DBus.Error.AccessDenied",
        "only the program's own user may switch its language");
    return;
  }
  if (strcmp(method_name, "Describe") == 0) {
    g_dbus_method_invocation_return_value(invocation, describe());
  } else if (strcmp(method_name, "Collect") == 0) {
    g_dbus_method_invocation_return_value(invocation, collect());
  } else if (strcmp(method_name, "Interfaces") == 0) {
    g_dbus_method_invocation_return_value(invocation, interfaces());
  } else if (strcmp(method_name, "Act") == 0) {
    act(parameters, invocation);
  } else if (strcmp(method_name, "Photograph") == 0) {
    photograph_begin(parameters, invocation);
  } else if (strcmp(method_name, "Apply") == 0) {
    g_dbus_method_invocation_return_value(invocation, apply(parameters));
    announce_switch(connection);
  } else if (strcmp(method_name, "Switch") == 0) {
    gboolean switched = FALSE;
    g_dbus_method_invocation_return_value(invocation, switch_language(parameters, &switched));
    if (switched) announce_switch(connection);
  } else {
    g_dbus_method_invocation_return_dbus_error(
        invocation, "org.freedesktop.DBus.Error.UnknownMethod", method_name);
  }
}

static const GDBusInterfaceVTable vtable = {handle_call, NULL, NULL, {0}};

static void on_bus(GDBusConnection *connection, const char *name, gpointer user_data) {
  (void)name;
  (void)user_data;
  GError *error = NULL;
  GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(introspection, &error);
  if (node == NULL) {
    g_clear_error(&error);
    return;
  }
  g_dbus_connection_register_object(connection, PARLANCE_LIVE_OBJECT_PATH,
                                    node->interfaces[0], &vtable, NULL, NULL, &error);
  g_clear_error(&error);
  g_dbus_node_info_unref(node);
}

/// Whether this process is the one `parlance run` started, not a child that inherited
/// the environment.
static gboolean is_started_program(void) {
  const char *pid = g_getenv(PARLANCE_LIVE_PID_VARIABLE);
  return pid != NULL && g_ascii_strtoll(pid, NULL, 10) == (gint64)getpid();
}

G_MODULE_EXPORT void gtk_module_init(gint *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (!is_started_program() || owner_id != 0) return;
  // Not for the program's children (a terminal, a browser it starts): GTK has read it.
  // unsetenv moves no memory another thread's getenv may be reading.
  g_unsetenv("GTK3_MODULES");
  history = g_ptr_array_new_with_free_func(g_free);
  if (g_strcmp0(g_getenv("PARLANCE_LIVE_TRACE"), "1") == 0) {
    tracing = TRUE;
    // The class made first: its signals exist from then on.
    gpointer widget_class = g_type_class_ref(GTK_TYPE_WIDGET);
    g_signal_add_emission_hook(g_signal_lookup("realize", GTK_TYPE_WIDGET), 0, traced_realize,
                               NULL, NULL);
    g_type_class_unref(widget_class);
  }
  remember_languages(g_getenv("LANGUAGE"));
  char name[64];
  snprintf(name, sizeof name, PARLANCE_LIVE_NAME_PREFIX "%ld", (long)getpid());
  owner_id = g_bus_own_name(G_BUS_TYPE_SESSION, name, G_BUS_NAME_OWNER_FLAGS_NONE, on_bus,
                            NULL, NULL, NULL, NULL);
}

G_MODULE_EXPORT const char *g_module_check_init(GModule *module) {
  // Never unloaded: GTK does not unload modules named in the environment, and a bus
  // object's handlers must outlive every call.
  g_module_make_resident(module);
  return NULL;
}
