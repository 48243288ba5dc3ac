// swift-tools-version:6.0
import Foundation
import PackageDescription

// GTK's pkg-config files hand SwiftPM `-pthread` (from glib's gmodule), which it drops
// with a "prohibited flag" warning on every build. Where GTK is installed under /usr,
// CGtk reads Sources/CGtk/parlance-gtk3.pc instead (by absolute path, as SwiftPM allows):
// the same include folders and libraries without the flag. Elsewhere, gtk+-3.0 itself.
let gtkPkgConfig: String = {
  let file = Context.packageDirectory + "/Sources/CGtk/parlance-gtk3.pc"
  let gtkUnderUsr = FileManager.default.fileExists(atPath: "/usr/include/gtk-3.0/gtk/gtk.h")
  // SwiftPM splits the setting at spaces: a folder with one cannot be named.
  return gtkUnderUsr && !file.contains(" ") ? file : "gtk+-3.0"
}()

let package = Package(
  name: "Parlance",
  products: [
    .library(name: "Parlance", targets: ["Parlance"]),
    .library(name: "ParlanceGtk", targets: ["ParlanceGtk"]),
    .library(name: "ParlanceUI", targets: ["ParlanceUI"]),
    .library(name: "ParlanceInterface", targets: ["ParlanceInterface"]),
    .library(name: "ParlanceLive", targets: ["ParlanceLive"]),
    .executable(name: "parlance", targets: ["ParlanceApp"]),
    .executable(name: "parlance-bench", targets: ["ParlanceBenchmarks"]),
  ],
  targets: [
    // System ICU's headers (libicu-dev, in /usr/include). Only CParlanceICU includes
    // them: a Swift module importing them would clash with Foundation's private ICU copy.
    // Its libraries are not linked: CParlanceICU opens them on first use (icu.c), off the
    // loader's work before `main`.
    .systemLibrary(name: "CICU"),
    // Stable, unversioned C functions over ICU; its public header has no ICU types.
    .target(
      name: "CParlanceICU",
      dependencies: ["CICU"]
    ),
    .target(
      name: "Parlance",
      dependencies: ["CParlanceICU"]
    ),
    // GTK 3 (libgtk-3-dev). Only ParlanceGtk imports it.
    .systemLibrary(
      name: "CGtk",
      pkgConfig: gtkPkgConfig,
      providers: [.apt(["libgtk-3-dev"])]
    ),
    // PNG files written with zlib (zlib1g-dev, which libgtk-3-dev brings): faster than
    // cairo's writer, which uses zlib's default level and tries every row filter.
    .target(
      name: "CParlancePNG",
      dependencies: ["CParlanceLive"],
      linkerSettings: [.linkedLibrary("z")]
    ),
    // The C half of switching a running program's texts (GTK and GLib only): the walk
    // over what its widgets show, setting texts in place, gettext for the process, and
    // the controller's calls to a program's module. The Parlance process uses it for
    // GTK's own texts and `parlance switch`; the GTK module loaded into other programs
    // (Sources/ParlanceLiveModule, built by `make module` with cc: a SwiftPM library
    // would link the Swift runtime into them) is built from the same walk.
    .target(
      name: "CParlanceLive",
      dependencies: ["CGtk"]
    ),
    .target(
      name: "ParlanceGtk",
      dependencies: ["CGtk", "CParlancePNG", "CParlanceLive"]
    ),
    .target(
      name: "ParlanceUI",
      dependencies: ["Parlance", "ParlanceGtk"]
    ),
    // gettext answered from Parlance's catalogs while GtkBuilder builds a .ui file: the
    // process's dcgettext and dgettext, in front of libc's (CParlanceTranslation.h).
    .target(name: "CParlanceTranslation"),
    // Any GtkBuilder .ui file, retranslated in place (LocalizedInterface).
    .target(
      name: "ParlanceInterface",
      dependencies: ["Parlance", "ParlanceGtk", "ParlanceUI", "CParlanceTranslation"]
    ),
    // The Parlance program's own window (its application, controller and model) and its
    // screenshots: a target of its own, beside the libraries it is made from.
    .target(
      name: "ParlanceWindow",
      dependencies: ["Parlance", "ParlanceGtk", "ParlanceUI"]
    ),
    // Running GTK 3 programs switched from outside: the launcher, the controller that
    // reads a program's texts over the bus and decides them with the core, and the
    // screenshots of a running program in every language.
    .target(
      name: "ParlanceLive",
      dependencies: ["Parlance", "ParlanceGtk", "ParlanceUI"]
    ),
    .executableTarget(
      name: "ParlanceApp",
      dependencies: [
        "Parlance", "ParlanceGtk", "ParlanceUI", "ParlanceInterface", "ParlanceLive",
        "ParlanceWindow",
      ]
    ),
    // glibc's libintl for the dgettext baseline: Swift's Glibc module does not expose it.
    .target(name: "CGettext"),
    .executableTarget(
      name: "ParlanceBenchmarks",
      dependencies: [
        "Parlance", "ParlanceGtk", "ParlanceUI", "ParlanceInterface", "ParlanceLive",
        "ParlanceWindow", "CGettext",
      ],
      // The start-up floor, a C program of its own: `make bench` compiles it with cc.
      exclude: ["StartupBaseline"]
    ),
    .testTarget(
      name: "ParlanceTests",
      dependencies: ["Parlance"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "ParlanceCLITests",
      dependencies: ["Parlance"]
    ),
    .testTarget(
      name: "ParlanceGtkTests",
      dependencies: ["ParlanceGtk", "CGtk", "CParlanceLive"]
    ),
    .testTarget(
      name: "ParlanceUITests",
      dependencies: [
        "Parlance", "ParlanceGtk", "ParlanceUI", "ParlanceWindow", "ParlanceLive", "CGettext",
        "CParlanceLive",
      ],
      // Screenshot goldens, read from the source tree by path: not resources of the bundle.
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "ParlanceInterfaceTests",
      dependencies: [
        "Parlance", "ParlanceGtk", "ParlanceUI", "ParlanceInterface", "CGettext", "CGtk",
        "CParlanceTranslation",
      ],
      resources: [.copy("Fixtures")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
