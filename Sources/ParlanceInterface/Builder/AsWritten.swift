import CParlanceTranslation
import Foundation
import Parlance
import ParlanceGtk

/// A `.ui` file GtkBuilder can take as written: nothing of what `builderInput` rewrites is
/// in it but the translation. Such a file is built from its own bytes, GtkBuilder asking
/// gettext for its texts and Parlance answering (`TranslationAnswers`), as a C program's
/// gettext answers, instead of being rewritten and written out again first.
///
/// It is so when no id is given twice, every menu has one, there is no `<template>`, every
/// class is one GtkBuilder can make, every property and child property is one the class
/// has, no property holds an element (GTK 4), every binding's source has the property
/// bound, no image property names a file by a relative path (read beside the current
/// folder, not the file, from bytes), and the file does not ask for GTK 4. GtkBuilder
/// itself still judges the rest (a signal's name, a value): when it refuses, the file is
/// built the rewritten way. What must hold before GtkBuilder starts, because GTK 3 would
/// crash on it, is looked at in the bytes first (`FirstGlance`).
struct AsWritten {
  let classes: any InterfaceClassInfo
  /// The text domain GtkBuilder will ask gettext in: the file's own, or nil when it
  /// names none.
  private(set) var domain: String?
  /// Where the translatable string properties that no binding sets are: GtkBuilder sets
  /// them in the language, as `builderInput` does with its values.
  private(set) var stringProperties: Set<SourceLocation> = []
  /// The names GtkBuilder gives the objects without an id, by the object's location:
  /// `___object_N___`, N counting them in file order (gtkbuilderparser.c).
  private(set) var unnamed: [SourceLocation: String] = [:]
  private let madeUp: Set<String>
  private var ids: Set<String> = []
  private var classOfID: [String: String] = [:]
  private var bindings: [(source: String, property: String)] = []

  /// The check of `root`; nil when the file is not to be built as written. `madeUp`: the
  /// ids in `root` the file does not give (the reader's), taken as none.
  static func check(
    _ root: XMLTree.Element, classes: any InterfaceClassInfo, madeUp: Set<String> = []
  ) -> AsWritten? {
    guard InterfaceDocument.gtk4Requirement(of: root) == nil else { return nil }
    var check = AsWritten(classes: classes, domain: root["domain"], madeUp: madeUp)
    for element in root.elements {
      switch element.name {
      case "menu":
        guard check.identify(element) else { return nil }
      case "object":
        guard check.object(element) else { return nil }
      case "template":
        return nil
      default:
        continue
      }
    }
    for (source, property) in check.bindings {
      guard let sourceClass = check.classOfID[source],
        classes.hasProperty(property, onClass: sourceClass)
      else { return nil }
    }
    return check
  }

  /// The id the file gives `element`; nil when it gives none (or the reader made it up).
  private func ownID(of element: XMLTree.Element) -> String? {
    element["id"].flatMap { madeUp.contains($0) ? nil : $0 }
  }

  private mutating func identify(_ element: XMLTree.Element) -> Bool {
    guard let id = ownID(of: element) else { return false }
    return ids.insert(id).inserted
  }

  private mutating func object(_ object: XMLTree.Element) -> Bool {
    let className = object["class"] ?? ""
    guard classes.isKnownClass(className), classes.whyUnbuildable(className) == nil else {
      return false
    }
    // Its id, or the name GtkBuilder gives it when it has none.
    if let id = ownID(of: object) {
      guard ids.insert(id).inserted else { return false }
      classOfID[id] = className
    } else {
      unnamed[object.location] = "___object_\(unnamed.count + 1)___"
    }
    for element in object.elements {
      switch element.name {
      case "property":
        guard property(element, of: className) else { return false }
      case "child":
        guard child(element, of: className) else { return false }
      case "object", "template":
        return false
      default:
        guard noObjects(in: element) else { return false }
      }
    }
    return true
  }

  private mutating func property(_ property: XMLTree.Element, of className: String) -> Bool {
    guard let name = property["name"], property.elements.isEmpty,
      let type = classes.propertyType(name, onClass: className)
    else { return false }
    if let source = property["bind-source"] {
      bindings.append((source, property["bind-property"] ?? name))
    } else if type == "gchararray", let translatable = property["translatable"],
      InterfaceDocument.isTrue(translatable)
    {
      stringProperties.insert(property.location)
    }
    if type == "GdkPixbuf" {
      let value = property.text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard value.isEmpty || value.hasPrefix("/") || value.contains(":") else { return false }
    }
    return true
  }

  private mutating func child(_ child: XMLTree.Element, of container: String) -> Bool {
    for element in child.elements {
      switch element.name {
      case "object":
        guard object(element) else { return false }
      case "packing":
        for property in element.elements where property.name == "property" {
          guard let name = property["name"], classes.hasChildProperty(name, container: container)
          else { return false }
        }
      case "template":
        return false
      default:
        guard noObjects(in: element) else { return false }
      }
    }
    return true
  }

  /// Whether `element` holds no object: an object anywhere else is one the rewriter
  /// leaves as written, untold; built from bytes it would be the same, but its id is not
  /// known to be the file's own.
  private func noObjects(in element: XMLTree.Element) -> Bool {
    element.elements.allSatisfy {
      $0.name != "object" && $0.name != "template" && noObjects(in: $0)
    }
  }
}

/// Parlance answering GtkBuilder's gettext while it builds a file as written, on this
/// thread (`CParlanceTranslation`): each text in the snapshot's language, as
/// `LocalizedInterface` would set it, and a record of what was answered.
final class TranslationAnswers {
  let snapshot: LocalizationSnapshot
  let table: String
  /// What each key asked (a msgid, or "context\u{4}msgid") was answered.
  private(set) var answered: [String: String] = [:]
  /// The answers handed to C, freed with this object (GtkBuilder copies them).
  private var strings: [UnsafeMutablePointer<CChar>] = []

  init(snapshot: LocalizationSnapshot, table: String) {
    (self.snapshot, self.table) = (snapshot, table)
  }

  deinit {
    for string in strings { free(string) }
  }

  /// The key GtkBuilder asks for `text`.
  static func key(of text: InterfaceText) -> String {
    text.context.map { $0 + "\u{4}" + text.msgid } ?? text.msgid
  }

  /// The answer to `key`, nil where a pseudo-language would make it from the text's
  /// markup, which the key does not tell (`apply` sets that text later).
  func answer(_ key: String) -> UnsafePointer<CChar>? {
    let parts = key.split(separator: "\u{4}", maxSplits: 1, omittingEmptySubsequences: false)
    let (context, msgid) =
      parts.count == 2 ? (String(parts[0]), String(parts[1])) : (nil, key)
    let resolution = snapshot.resolve(msgid, context: context, table: table)
    if resolution.isMissing, PseudoLocale(snapshot.language) != nil { return nil }
    guard let string = strdup(resolution.value) else { return nil }
    strings.append(string)
    answered[key] = resolution.value
    return UnsafePointer(string)
  }

  /// Runs `body` with gettext in `domain` answered by this object on this thread.
  func answering<Value>(domain: String, _ body: () -> Value) -> Value {
    let context = Unmanaged.passUnretained(self).toOpaque()
    return domain.withCString { domainPointer in
      var scope = parlance_translation_scope(
        domain: domainPointer,
        translate: { context, key in
          guard let context, let key else { return nil }
          return Unmanaged<TranslationAnswers>.fromOpaque(context).takeUnretainedValue()
            .answer(String(cString: key))
        },
        context: context)
      return withUnsafePointer(to: &scope) { pointer in
        parlance_translation_scope_enter(pointer)
        defer { parlance_translation_scope_leave() }
        return withExtendedLifetime(self) { body() }
      }
    }
  }
}
