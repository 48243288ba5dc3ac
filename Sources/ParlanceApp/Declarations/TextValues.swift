import Parlance

/// `NAME=VALUE`, a placeholder's value (`--arg name=Anna`).
struct NamedValue: ArgumentValue {
  /// The placeholder's name, never empty.
  let name: String
  /// Everything after the first `=`, possibly empty.
  let value: String

  /// Free text.
  static var kind: ValueKind { .text }

  /// Splits at the first `=`; the name must not be empty.
  init(argument: String) throws(ArgumentValueError) {
    guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
      throw .expected("NAME=VALUE")
    }
    name = String(argument[..<equals])
    value = String(argument[argument.index(after: equals)...])
  }
}

/// Language tags separated by commas (`zh-TW,de-AT`); empty items are skipped.
struct LanguageList: ArgumentValue {
  /// The tags in the order given.
  let tags: [LanguageTag]

  /// Free text: a list is not completed item by item.
  static var kind: ValueKind { .text }

  /// Each item is a tag; the first bad one is the error.
  init(argument: String) throws(ArgumentValueError) {
    var tags: [LanguageTag] = []
    for item in argument.split(separator: ",") {
      tags.append(try LanguageTag(argument: String(item)))
    }
    self.tags = tags
  }
}

/// `all`, or a list of languages (`--languages de,ar`).
struct LanguageSelection: ArgumentValue {
  /// The languages named, or nil for `all`.
  let tags: [LanguageTag]?

  /// The word `all`.
  static var kind: ValueKind { .words("all") }

  /// `all`, else a `LanguageList`.
  init(argument: String) throws(ArgumentValueError) {
    tags = argument == "all" ? nil : try LanguageList(argument: argument).tags
  }
}

/// A window size `WIDTHxHEIGHT`, each between 200 and 4000 pixels (`--size 760x640`).
struct WindowSize: ArgumentValue {
  /// The width in pixels.
  let width: Int
  /// The height in pixels.
  let height: Int

  /// Free text.
  static var kind: ValueKind { .text }

  /// `760x640` or `760X640`.
  init(argument: String) throws(ArgumentValueError) {
    let parts = argument.lowercased().split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (200...4000).contains(width), (200...4000).contains(height)
    else { throw .expected("WIDTHxHEIGHT between 200 and 4000") }
    self.width = width
    self.height = height
  }

  /// A size in pixels.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
