// A C program whose two labels are texts several of GTK's messages show in German:
// "Erweitert" is gtk30's "Advanced" and "Miscellaneous", "Suchen" its "Search" and
// "Searching"; it asks gettext for "Miscellaneous" and "Searching" only. A third label
// shows the LD_PRELOAD its child inherits after GTK started ("preload:" and nothing:
// the record `parlance run` preloads is the program's alone). Above them a menu bar's
// stock item gtk-help shows a text of its own, "Other Locations", written into its
// label after GTK made it, as wxWidgets makes its menus. A second window, an assistant,
// titles its one page "Other Locations" (the title is the page's child property).
// Built by live_test.py: cc asked.c $(pkg-config --cflags --libs gtk+-3.0).

#include <glib/gi18n.h>
#include <gtk/gtk.h>

int main(int argc, char **argv) {
  gtk_init(&argc, &argv);
  g_set_prgname("asked");
  char *child = NULL;
  const char *shell[] = {"/bin/sh", "-c", "printf %s \"$LD_PRELOAD\"", NULL};
  g_spawn_sync(NULL, (char **)shell, NULL, G_SPAWN_DEFAULT, NULL, NULL, &child, NULL, NULL,
               NULL);
  char *preload = g_strconcat("preload:", child != NULL ? child : "?", NULL);
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkWidget *item = gtk_image_menu_item_new_from_stock("gtk-help", NULL);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_label_set_label(GTK_LABEL(gtk_bin_get_child(GTK_BIN(item))),
                      g_dgettext("gtk30", "Other Locations"));
  GtkWidget *bar = gtk_menu_bar_new();
  gtk_menu_shell_append(GTK_MENU_SHELL(bar), item);
  gtk_container_add(GTK_CONTAINER(box), bar);
  gtk_container_add(GTK_CONTAINER(box), gtk_label_new(g_dgettext("gtk30", "Miscellaneous")));
  gtk_container_add(GTK_CONTAINER(box), gtk_label_new(g_dgettext("gtk30", "Searching")));
  gtk_container_add(GTK_CONTAINER(box), gtk_label_new(preload));
  GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
  gtk_window_set_title(GTK_WINDOW(window), "asked");
  gtk_container_add(GTK_CONTAINER(window), box);
  g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
  gtk_widget_show_all(window);
  GtkWidget *assistant = gtk_assistant_new();
  GtkWidget *page = gtk_label_new("1");
  gtk_assistant_append_page(GTK_ASSISTANT(assistant), page);
  gtk_assistant_set_page_title(GTK_ASSISTANT(assistant), page,
                               g_dgettext("gtk30", "Other Locations"));
  gtk_widget_show_all(assistant);
  gtk_main();
  g_free(preload);
  g_free(child);
  return 0;
}
