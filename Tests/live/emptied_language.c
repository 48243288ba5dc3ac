// A C program that empties LANGUAGE once GTK has started, as xournalpp does to follow
// only its messages locale: gettext then answers in the locale's language (glibc
// ignores an empty LANGUAGE). Its label is GTK's "Other Locations".
// Built by live_test.py: cc emptied_language.c $(pkg-config --cflags --libs gtk+-3.0).

#include <glib/gi18n.h>
#include <gtk/gtk.h>

int main(int argc, char **argv) {
  gtk_init(&argc, &argv);
  g_set_prgname("emptied-language");
  g_setenv("LANGUAGE", "", TRUE);
  GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
  gtk_window_set_title(GTK_WINDOW(window), "emptied-language");
  gtk_container_add(GTK_CONTAINER(window),
                    gtk_label_new(g_dgettext("gtk30", "Other Locations")));
  g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
  gtk_widget_show_all(window);
  gtk_main();
  return 0;
}
