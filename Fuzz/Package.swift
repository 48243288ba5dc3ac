// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the parsers, built by `make fuzz` with `-sanitize=fuzzer`.
// A separate package, so that the main one keeps building without the fuzzer runtime.
let fuzzers = [
  "FuzzStrings", "FuzzStringsdict", "FuzzXCStrings", "FuzzPo", "FuzzMessageTemplate",
  "FuzzPluralForms", "FuzzMo", "FuzzTranslationIndex", "FuzzInterface", "FuzzDesktopEntry",
]

let package = Package(
  name: "ParlanceFuzz",
  dependencies: [.package(name: "Parlance", path: "..")],
  targets: [
    .target(name: "CFuzzerDriver"),
    .target(
      name: "FuzzSupport",
      dependencies: ["CFuzzerDriver", .product(name: "Parlance", package: "Parlance")]
    ),
  ]
    + fuzzers.map { name in
      .executableTarget(
        name: name,
        dependencies: ["FuzzSupport", .product(name: "Parlance", package: "Parlance")]
      )
    },
  swiftLanguageModes: [.v6]
)
