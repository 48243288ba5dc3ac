// swift-tools-version:6.0
import PackageDescription

// A GtkBuilder window translated with gettext .po files, live, through Parlance: by path
// here, by URL in yours (.package(url: "https://github.com/parlance/parlance", from: "0.1.0")).
let package = Package(
  name: "LiveInterface",
  dependencies: [.package(name: "Parlance", path: "../..")],
  targets: [
    .executableTarget(
      name: "LiveInterface",
      dependencies: [
        .product(name: "Parlance", package: "Parlance"),
        .product(name: "ParlanceGtk", package: "Parlance"),
        .product(name: "ParlanceInterface", package: "Parlance"),
        .product(name: "ParlanceUI", package: "Parlance"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
