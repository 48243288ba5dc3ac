// The GTK 3 layer: see the files of this folder.
