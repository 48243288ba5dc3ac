extension Localizer {
  /// The value of `key` in the first language of the chain that has it, unformatted
  /// (as `NSLocalizedString` returns it); the key itself when none has it, reported
  /// once to the reporter.
  public func string(_ key: String, table: String = Localizer.defaultTable) -> String {
    // The hot path: the thread's own reference to the snapshot, no lock, no shared write.
    let reading = current.beginReading()
    defer { current.endReading(reading) }
    return reading.value._withUnsafeGuaranteedRef {
      unsafeDowncast($0, to: Snapshot.self).string(key, table: table, in: self)
    }
  }

  /// The message `key` with its `#{name}` placeholders filled:
  /// `string("user.name.format", ["name": "Smith"])` → "Signed in as Smith".
  public func string(
    _ key: String, _ named: [String: MessageArgument], table: String = Localizer.defaultTable
  ) -> String {
    current.withCurrent {
      $0.render(key, table: table, arguments: [], named: named, in: self)
    }
  }

  /// The message `key` with printf arguments (`%1$@`, `%d`) and named placeholders.
  public func string(
    _ key: String, arguments: [MessageArgument], named: [String: MessageArgument] = [:],
    table: String = Localizer.defaultTable
  ) -> String {
    current.withCurrent {
      $0.render(key, table: table, arguments: arguments, named: named, in: self)
    }
  }

  /// The plural message `key` for `count`, by the CLDR rules of the language that
  /// supplies it: `string("files.count", count: 21)` in Russian → "21 файл".
  ///
  /// `count` is the first printf argument and the named argument `count`.
  public func string(
    _ key: String, count: Int, named: [String: MessageArgument] = [:],
    table: String = Localizer.defaultTable
  ) -> String {
    let (arguments, named) = Self.pluralArguments(count, named)
    return resolve(key, table: table, arguments: arguments, named: named).value
  }

  /// The message `key` in gettext context `context` (`msgctxt`): the same English word
  /// can need two translations ("Open" a file, "Open" as a state).
  public func string(
    _ key: String, context: String, table: String = Localizer.defaultTable
  ) -> String {
    resolve(key, context: context, table: table).value
  }

  /// Looks `key` up along the chain and renders it, telling which language supplied it.
  ///
  /// `context` is a gettext `msgctxt`; a missing key shows `key` without it.
  public func resolve(
    _ key: String, context: String? = nil, table: String = Localizer.defaultTable,
    arguments: [MessageArgument] = [], named: [String: MessageArgument] = [:]
  ) -> Resolution {
    current.withCurrent {
      $0.resolve(
        key, context: context, table: table, arguments: arguments, named: named, in: self)
    }
  }

  /// The arguments of a plural lookup: `count` first, and as `#{count}` unless given.
  static func pluralArguments(
    _ count: Int, _ named: [String: MessageArgument]
  ) -> ([MessageArgument], [String: MessageArgument]) {
    var named = named
    if named["count"] == nil { named["count"] = MessageArgument(count) }
    return ([MessageArgument(count)], named)
  }
}
