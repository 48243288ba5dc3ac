// swift-tools-version:6.0
import PackageDescription

// A program of its own that uses Parlance: by path here, by URL in yours
// (.package(url: "https://github.com/parlance/parlance", from: "0.1.0")).
let package = Package(
  name: "LiveSwitch",
  dependencies: [.package(name: "Parlance", path: "../..")],
  targets: [
    .executableTarget(
      name: "LiveSwitch",
      dependencies: [
        .product(name: "Parlance", package: "Parlance"),
        .product(name: "ParlanceGtk", package: "Parlance"),
        .product(name: "ParlanceUI", package: "Parlance"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
