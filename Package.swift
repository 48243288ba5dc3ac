// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Parlance",
  products: [
    .library(name: "Parlance", targets: ["Parlance"]),
    .library(name: "ParlanceGtk", targets: ["ParlanceGtk"]),
    .library(name: "ParlanceUI", targets: ["ParlanceUI"]),
    .library(name: "ParlanceInterface", targets: ["ParlanceInterface"]),
    .executable(name: "parlance", targets: ["ParlanceApp"]),
    .executable(name: "parlance-bench", targets: ["ParlanceBenchmarks"]),
  ],
  targets: [
    // System ICU (libicu-dev). Only CParlanceICU includes its headers: a Swift module
    // importing them would clash with Foundation's private ICU copy.
    .systemLibrary(
      name: "CICU",
      pkgConfig: "icu-uc icu-i18n",
      providers: [.apt(["libicu-dev"])]
    ),
    // Stable, unversioned C functions over ICU; its public header has no ICU types.
    .target(
      name: "CParlanceICU",
      dependencies: ["CICU"],
      linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
    ),
    .target(
      name: "Parlance",
      dependencies: ["CParlanceICU"]
    ),
    // GTK 3 (libgtk-3-dev). Only ParlanceGtk imports it.
    .systemLibrary(
      name: "CGtk",
      pkgConfig: "gtk+-3.0",
      providers: [.apt(["libgtk-3-dev"])]
    ),
    .target(
      name: "ParlanceGtk",
      dependencies: ["CGtk"]
    ),
    .target(
      name: "ParlanceUI",
      dependencies: ["Parlance", "ParlanceGtk"]
    ),
    // Any GtkBuilder .ui file, retranslated in place (LocalizedInterface).
    .target(
      name: "ParlanceInterface",
      dependencies: ["Parlance", "ParlanceGtk", "ParlanceUI"]
    ),
    .executableTarget(
      name: "ParlanceApp",
      dependencies: ["Parlance", "ParlanceUI", "ParlanceInterface"]
    ),
    // glibc's libintl for the dgettext baseline: Swift's Glibc module does not expose it.
    .target(name: "CGettext"),
    .executableTarget(
      name: "ParlanceBenchmarks",
      dependencies: ["Parlance", "ParlanceGtk", "ParlanceUI", "ParlanceInterface", "CGettext"]
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
      dependencies: ["ParlanceGtk"]
    ),
    .testTarget(
      name: "ParlanceUITests",
      dependencies: ["Parlance", "ParlanceGtk", "ParlanceUI"]
    ),
    .testTarget(
      name: "ParlanceInterfaceTests",
      dependencies: ["Parlance", "ParlanceGtk", "ParlanceUI", "ParlanceInterface", "CGettext"],
      resources: [.copy("Fixtures")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
