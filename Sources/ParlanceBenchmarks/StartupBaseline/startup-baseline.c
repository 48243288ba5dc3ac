// The Parlance window's widgets written directly in C against GTK 3, with no Parlance,
// no Swift and no catalogs: the floor of `parlance-bench`'s start-up benchmark. It starts
// as `parlance` does (GtkApplication, not unique, cursor blink off), builds the same
// widgets with the same English texts, style classes, tooltips, accessible names and
// mnemonic captions, shows the window and, at its first drawn frame, prints the line of
// `StartupTrace` (`startup-trace MAIN LOCALIZER DISPLAY SHOWN FRAME`, CLOCK_MONOTONIC ns;
// LOCALIZER is MAIN: there are no catalogs), then `startup-rss KIB` (its resident memory
// then, from /proc/self/status) and quits.
//
// Usage: parlance-startup-baseline --resources DIR   (DIR/banner.png is the image shown)
//        parlance-startup-baseline --least            (GTK's least window: one label)
// `--least` starts the same way (GtkApplication, the same settings, the same style sheet)
// and shows a window with a single label: what any GTK 3 program pays before its first
// frame on this machine at this hour, whatever its window holds.
// Built by `make bench` with cc against pkg-config gtk+-3.0 (not by SwiftPM, whose link
// line would add the Swift runtime): .build/release/parlance-startup-baseline.

#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static gint64 instant(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (gint64)time.tv_sec * 1000000000 + time.tv_nsec;
}

typedef struct {
  gint64 main_started;
  gint64 display_open;
  gint64 window_shown;
  const char *banner;
  gboolean least;
  GtkApplication *application;
  gboolean printed;
} Start;

static GtkWidget *label(const char *text, const char *style_class) {
  GtkWidget *widget = gtk_label_new(text);
  gtk_label_set_xalign(GTK_LABEL(widget), 0);
  if (style_class != NULL) {
    gtk_style_context_add_class(gtk_widget_get_style_context(widget), style_class);
  }
  return widget;
}

// A line that wraps, as the renderer's `.label(wraps: true)`.
static GtkWidget *wrapping(const char *text) {
  GtkWidget *widget = label(text, NULL);
  gtk_label_set_line_wrap(GTK_LABEL(widget), TRUE);
  gtk_label_set_max_width_chars(GTK_LABEL(widget), 60);
  return widget;
}

// A line cut with "…", as the renderer's `.label(wraps: false)`.
static GtkWidget *single(const char *text) {
  GtkWidget *widget = label(text, NULL);
  gtk_label_set_ellipsize(GTK_LABEL(widget), PANGO_ELLIPSIZE_END);
  return widget;
}

static GtkWidget *caption(const char *text, GtkWidget *named) {
  GtkWidget *widget = label(text, "dim-label");
  if (named != NULL) gtk_label_set_mnemonic_widget(GTK_LABEL(widget), named);
  return widget;
}

static void describe(GtkWidget *widget, const char *tooltip, const char *name) {
  if (tooltip != NULL) gtk_widget_set_tooltip_text(widget, tooltip);
  if (name != NULL) atk_object_set_name(gtk_widget_get_accessible(widget), name);
}

static GtkWidget *row(void) { return gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12); }

static void add(GtkWidget *box, GtkWidget *child) {
  gtk_box_pack_start(GTK_BOX(box), child, FALSE, TRUE, 0);
}

/// The process's resident memory in KiB (VmRSS), or -1.
static long resident_kib(void) {
  FILE *status = fopen("/proc/self/status", "r");
  if (status == NULL) return -1;
  char line[256];
  long kib = -1;
  while (fgets(line, sizeof line, status) != NULL) {
    if (sscanf(line, "VmRSS: %ld kB", &kib) == 1) break;
  }
  fclose(status);
  return kib;
}

static gboolean drawn(GtkWidget *window, cairo_t *cr, gpointer data) {
  (void)window;
  (void)cr;
  Start *start = data;
  if (!start->printed) {
    start->printed = TRUE;
    printf("startup-trace %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
           " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
           start->main_started, start->main_started, start->display_open,
           start->window_shown, instant());
    printf("startup-rss %ld\n", resident_kib());
    fflush(stdout);
    g_application_quit(G_APPLICATION(start->application));
  }
  return FALSE;
}

static void activate(GtkApplication *application, gpointer data) {
  Start *start = data;
  GtkWidget *window = gtk_application_window_new(application);
  gtk_window_set_title(GTK_WINDOW(window), "Parlance — Language Preview");
  gtk_window_set_default_size(GTK_WINDOW(window), 760, 640);

  GtkCssProvider *style = gtk_css_provider_new();
  gtk_css_provider_load_from_data(
      style,
      ".parlance-heading { font-size: 150%; font-weight: bold; }\n"
      ".parlance-fallback { background-color: #fce8a6; color: #5c4400; }\n",
      -1, NULL);
  gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), GTK_STYLE_PROVIDER(style),
                                            GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_signal_connect(window, "draw", G_CALLBACK(drawn), start);
  if (start->least) {
    gtk_container_add(GTK_CONTAINER(window), label("Hello!", "parlance-heading"));
    gtk_widget_show_all(window);
    gtk_window_present(GTK_WINDOW(window));
    start->window_shown = instant();
    g_object_unref(style);
    return;
  }

  GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start(column, 18);
  gtk_widget_set_margin_end(column, 18);
  gtk_widget_set_margin_top(column, 18);
  gtk_widget_set_margin_bottom(column, 18);

  GtkWidget *bar = gtk_info_bar_new();
  gtk_info_bar_set_message_type(GTK_INFO_BAR(bar), GTK_MESSAGE_ERROR);
  GtkWidget *message = gtk_label_new("");
  gtk_container_add(GTK_CONTAINER(gtk_info_bar_get_content_area(GTK_INFO_BAR(bar))), message);
  gtk_info_bar_set_show_close_button(GTK_INFO_BAR(bar), TRUE);
  gtk_widget_show_all(bar);
  gtk_widget_hide(bar);
  gtk_widget_set_no_show_all(bar, TRUE);
  describe(bar, NULL, "Error");
  add(column, bar);

  GtkWidget *languages = gtk_combo_box_text_new();
  static const char *const choices[][2] = {
      {"system", "System language"},
      {"ar", "العربية"},
      {"de", "Deutsch"},
      {"en", "English"},
      {"he", "עברית"},
      {"ja", "日本語"},
      {"pl", "Polski"},
      {"ru", "Русский"},
      {"zh-Hans", "中文（简体）"},
      {"en-XA", "English (Pseudo-Accents)"},
      {"ar-XB", "العربية (لكنات تجريبية ثنائية الاتجاه)"},
  };
  for (size_t index = 0; index < G_N_ELEMENTS(choices); index++) {
    gtk_combo_box_text_append(GTK_COMBO_BOX_TEXT(languages), choices[index][0],
                              choices[index][1]);
  }
  gtk_combo_box_set_active_id(GTK_COMBO_BOX(languages), "en");
  describe(languages, "Choose the language of this window", "Interface language");
  GtkWidget *translator = gtk_check_button_new_with_label("Translator mode");
  describe(translator, "Hover over any text to see its key, table, language and file", NULL);
  GtkWidget *language_row = row();
  add(language_row, caption("Language", languages));
  add(language_row, languages);
  add(language_row, translator);
  add(language_row, gtk_check_button_new_with_label("Show keys"));
  add(column, language_row);

  GtkWidget *interfaces_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *open = gtk_button_new_with_label("Open Interface…");
  describe(open,
           "Preview the windows and dialogs of a GTK .ui file in the languages of its "
           "translations",
           NULL);
  add(interfaces_row, open);
  add(column, interfaces_row);

  add(column, label("Hello!", "parlance-heading"));
  add(column, wrapping("Choose a language below: the whole window changes at once, and your "
                       "notes stay where they are."));
  GtkWidget *banner = gtk_image_new_from_file(start->banner);
  gtk_widget_set_halign(banner, GTK_ALIGN_START);
  describe(banner, NULL, "Banner");
  add(column, banner);
  add(column, single("Signed in as Anna Kowalska"));
  GDateTime *now = g_date_time_new_now_utc();
  gchar *day = g_date_time_format(now, "%B %-d");
  gchar *arrival = g_strdup_printf("Anna from Kraków sent you a message on %s.", day);
  add(column, wrapping(arrival));

  GtkWidget *files = gtk_spin_button_new_with_range(0, 1000, 1);
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(files), 5);
  describe(files, "Change the number to see the plural forms of this language",
           "Number of files");
  GtkWidget *files_row = row();
  add(files_row, caption("Files", files));
  add(files_row, files);
  add(files_row, single("5 files"));
  add(column, files_row);

  GtkWidget *number = single("1,234,567.89");
  gchar *today = g_date_time_format(now, "%B %-d, %Y");
  GtkWidget *date = single(today);
  GtkWidget *number_row = row();
  add(number_row, caption("Number", number));
  add(number_row, number);
  add(number_row, caption("Today", date));
  add(number_row, date);
  add(column, number_row);

  GtkWidget *notes = gtk_text_view_new();
  gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(notes), GTK_WRAP_WORD_CHAR);
  describe(notes, "Your notes are kept when the language changes", "Notes");
  GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER,
                                 GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand(scrolled, TRUE);
  gtk_scrolled_window_set_min_content_height(GTK_SCROLLED_WINDOW(scrolled), 140);
  gtk_container_add(GTK_CONTAINER(scrolled), notes);
  add(column, caption("Notes", notes));
  add(column, scrolled);

  gtk_container_add(GTK_CONTAINER(window), column);
  gtk_widget_show_all(column);
  gtk_window_present(GTK_WINDOW(window));
  start->window_shown = instant();
  g_free(today);
  g_free(arrival);
  g_free(day);
  g_date_time_unref(now);
  g_object_unref(style);
}

int main(int argc, char **argv) {
  Start start = {.main_started = instant()};
  const char *resources = ".";
  for (int index = 1; index < argc; index++) {
    if (strcmp(argv[index], "--least") == 0) start.least = TRUE;
    if (strcmp(argv[index], "--resources") == 0 && index + 1 < argc) {
      resources = argv[index + 1];
    }
  }
  if (!gtk_init_check(NULL, NULL)) {
    fprintf(stderr, "parlance-startup-baseline: cannot open the display\n");
    return 1;
  }
  g_object_set(gtk_settings_get_default(), "gtk-cursor-blink", FALSE, NULL);
  start.display_open = instant();
  gchar *banner = g_build_filename(resources, "banner.png", NULL);
  start.banner = banner;
  start.application =
      gtk_application_new("io.github.parlance.StartupBaseline", G_APPLICATION_NON_UNIQUE);
  g_signal_connect(start.application, "activate", G_CALLBACK(activate), &start);
  char *arguments[] = {argv[0], NULL};
  int status = g_application_run(G_APPLICATION(start.application), 1, arguments);
  g_object_unref(start.application);
  g_free(banner);
  return status;
}
