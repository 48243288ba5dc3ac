/// A gettext `Plural-Forms` rule: how many forms a language has and which one a number takes.
///
/// The expression is the C subset gettext understands: `n`, decimal literals, `!`, unary
/// `-`, `* / % + - < <= > >= == != && || ?:` and parentheses, with C precedence. It is
/// parsed once into a tree and evaluated with gettext's unsigned 64-bit arithmetic, except
/// that division or remainder by zero gives 0 instead of a crash. Russian, worked out:
///
/// ```
/// nplurals=3; plural=n%10==1 && n%100!=11 ? 0
///                   : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;
/// n = 1  → 1%10==1 && 1%100!=11        → 0  ("1 файл")
/// n = 22 → 22%10 is 2, 22%100 is 22    → 1  ("22 файла")
/// n = 11 → 11%100 is 11, 11%10 is 1    → 2  ("11 файлов")
/// ```
public struct PluralForms: Hashable, Sendable {
  /// The number of forms, `nplurals`.
  public let count: Int
  /// The expression as written after `plural=`, without the closing `;`.
  public let source: String
  private let tree: PluralExpression

  /// Longer expressions are rejected: the longest real one (Arabic) has about 100 characters.
  public static let maximumLength = 1000
  /// Deeper nesting of parentheses, operators and conditionals is rejected.
  public static let maximumDepth = 100
  /// `nplurals` above this is rejected; real languages use at most 6.
  public static let maximumCount = 100

  /// gettext's rule when a file has no `Plural-Forms`: `nplurals=2; plural=(n != 1);`.
  public static let germanic = PluralForms(
    count: 2, source: "n != 1",
    tree: PluralExpression(nodes: [.variable, .literal(1), .binary(.notEqual, 0, 1)]))

  /// Parses a header value such as `nplurals=3; plural=(n%10==1 ? 0 : n%10>=2 ? 1 : 2);`.
  ///
  /// The two fields may come in either order, with spaces around `=`; the expression
  /// ends at `;` or at the end of the text. The error's `offset` counts Unicode scalars
  /// from the start of `text`, to point at the mistake in the header line.
  public init(parsing text: String) throws(PluralFormsError) {
    let bytes = Array(text.utf8)
    func fail(_ reason: String, at offset: Int) -> PluralFormsError {
      PluralFormsError(reason: reason, offset: scalarOffset(of: offset, in: bytes))
    }
    guard let countField = findField("nplurals", in: bytes) else {
      throw fail("missing 'nplurals='", at: 0)
    }
    var index = countField
    var count = 0
    let digitsStart = index
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9")
    {
      count = min(count * 10 + Int(bytes[index] - UInt8(ascii: "0")), Self.maximumCount + 1)
      index += 1
    }
    guard index > digitsStart else { throw fail("'nplurals' is not a number", at: digitsStart) }
    guard count >= 1 && count <= Self.maximumCount else {
      throw fail("'nplurals' must be between 1 and \(Self.maximumCount)", at: digitsStart)
    }
    guard let expressionStart = findField("plural", in: bytes) else {
      throw fail("missing 'plural='", at: bytes.count)
    }
    var expressionEnd = expressionStart
    while expressionEnd < bytes.count && bytes[expressionEnd] != UInt8(ascii: ";") {
      expressionEnd += 1
    }
    guard expressionEnd - expressionStart <= Self.maximumLength else {
      throw fail(
        "the expression is longer than \(Self.maximumLength) characters", at: expressionStart)
    }
    var parser = PluralExpressionParser(
      text: bytes, start: expressionStart, end: expressionEnd, maximumDepth: Self.maximumDepth)
    let tree: PluralExpression
    do {
      tree = try parser.parse()
    } catch {
      throw fail(error.reason, at: error.offset)
    }
    var trimmedStart = expressionStart
    var trimmedEnd = expressionEnd
    while trimmedStart < trimmedEnd && isPluralSpace(bytes[trimmedStart]) { trimmedStart += 1 }
    while trimmedEnd > trimmedStart && isPluralSpace(bytes[trimmedEnd - 1]) { trimmedEnd -= 1 }
    self.init(
      count: count, source: String(decoding: bytes[trimmedStart..<trimmedEnd], as: UTF8.self),
      tree: tree)
  }

  /// A rule that puts every number in form 0: what a file with a broken `Plural-Forms`
  /// gets, so that its plural entries still show a translation.
  public static func constant(count: Int) -> PluralForms {
    PluralForms(count: max(1, count), source: "0", tree: PluralExpression(nodes: [.literal(0)]))
  }

  private init(count: Int, source: String, tree: PluralExpression) {
    self.count = count
    self.source = source
    self.tree = tree
  }

  /// The form for `n`, in `0..<count`.
  ///
  /// An expression that yields `count` or more (a mistake in the file) gives form 0, as
  /// glibc's `ngettext` does.
  public func index(for n: UInt64) -> Int {
    let value = tree.evaluate(n: n)
    return value < UInt64(count) ? Int(value) : 0
  }
}

/// Why a `Plural-Forms` value was rejected, and where.
public struct PluralFormsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Lowercase, e.g. `expected ')' to close '(', found the end`.
  public var reason: String
  /// Unicode scalars from the start of the parsed text to the mistake.
  public var offset: Int

  /// `REASON (at offset N)`.
  public var description: String { "\(reason) (at offset \(offset))" }
}

/// The offset just after `name=` (and any spaces), where `name` is a whole word.
private func findField(_ name: String, in bytes: [UInt8]) -> Int? {
  let pattern = Array(name.utf8)
  var index = 0
  while index + pattern.count <= bytes.count {
    defer { index += 1 }
    guard bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern)
    else { continue }
    // `plural` must not match inside `nplurals`.
    if index > 0, isPluralIdentifier(bytes[index - 1]) { continue }
    var next = index + pattern.count
    while next < bytes.count && isPluralSpace(bytes[next]) { next += 1 }
    guard next < bytes.count, bytes[next] == UInt8(ascii: "=") else { continue }
    next += 1
    while next < bytes.count && isPluralSpace(bytes[next]) { next += 1 }
    return next
  }
  return nil
}

private func scalarOffset(of byteOffset: Int, in bytes: [UInt8]) -> Int {
  bytes[..<min(byteOffset, bytes.count)].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
}

@inline(__always)
private func isPluralSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
}

@inline(__always)
private func isPluralIdentifier(_ byte: UInt8) -> Bool {
  (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
}

// MARK: - Tree

/// A parsed expression as a flat array of nodes; children come before their parents and
/// the root is last, so the tree needs no indirection and compares by value.
private struct PluralExpression: Hashable, Sendable {
  enum BinaryOperator: Hashable, Sendable {
    case multiply, divide, remainder, add, subtract
    case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual
    case and, or
  }

  enum Node: Hashable, Sendable {
    case variable
    case literal(UInt64)
    case not(Int)
    case negate(Int)
    case binary(BinaryOperator, Int, Int)
    case conditional(Int, Int, Int)
  }

  var nodes: [Node]

  func evaluate(n: UInt64) -> UInt64 {
    guard !nodes.isEmpty else { return 0 }
    return evaluate(nodes.count - 1, n: n)
  }

  // Recursion depth is bounded by the node count, itself bounded by the maximum length.
  private func evaluate(_ index: Int, n: UInt64) -> UInt64 {
    switch nodes[index] {
    case .variable: return n
    case .literal(let value): return value
    case .not(let operand): return evaluate(operand, n: n) == 0 ? 1 : 0
    case .negate(let operand): return 0 &- evaluate(operand, n: n)
    case .conditional(let condition, let then, let otherwise):
      return evaluate(condition, n: n) != 0 ? evaluate(then, n: n) : evaluate(otherwise, n: n)
    case .binary(.and, let left, let right):
      return evaluate(left, n: n) != 0 && evaluate(right, n: n) != 0 ? 1 : 0
    case .binary(.or, let left, let right):
      return evaluate(left, n: n) != 0 || evaluate(right, n: n) != 0 ? 1 : 0
    case .binary(let operation, let left, let right):
      let a = evaluate(left, n: n)
      let b = evaluate(right, n: n)
      switch operation {
      case .multiply: return a &* b
      case .divide: return b == 0 ? 0 : a / b
      case .remainder: return b == 0 ? 0 : a % b
      case .add: return a &+ b
      case .subtract: return a &- b
      case .less: return a < b ? 1 : 0
      case .lessOrEqual: return a <= b ? 1 : 0
      case .greater: return a > b ? 1 : 0
      case .greaterOrEqual: return a >= b ? 1 : 0
      case .equal: return a == b ? 1 : 0
      case .notEqual: return a != b ? 1 : 0
      case .and, .or: return 0  // handled above, with short-circuit
      }
    }
  }
}

private struct PluralSyntaxError: Error {
  var reason: String
  var offset: Int
}

/// Precedence climbing over the bytes of one expression.
private struct PluralExpressionParser {
  typealias Operator = PluralExpression.BinaryOperator

  let text: [UInt8]
  var position: Int
  let end: Int
  let maximumDepth: Int
  var depth = 0
  var nodes: [PluralExpression.Node] = []

  init(text: [UInt8], start: Int, end: Int, maximumDepth: Int) {
    self.text = text
    self.position = start
    self.end = end
    self.maximumDepth = maximumDepth
  }

  mutating func parse() throws(PluralSyntaxError) -> PluralExpression {
    skipSpaces()
    guard position < end else {
      throw PluralSyntaxError(reason: "empty expression", offset: position)
    }
    _ = try parseConditional()
    skipSpaces()
    guard position == end else {
      throw PluralSyntaxError(reason: "unexpected \(describe(position))", offset: position)
    }
    return PluralExpression(nodes: nodes)
  }

  private mutating func add(_ node: PluralExpression.Node) -> Int {
    nodes.append(node)
    return nodes.count - 1
  }

  private mutating func enter() throws(PluralSyntaxError) {
    depth += 1
    guard depth <= maximumDepth else {
      throw PluralSyntaxError(
        reason: "the expression is nested deeper than \(maximumDepth) levels", offset: position)
    }
  }

  /// `a || b ? c : d`, right-associative: `a ? b : c ? d : e` is `a ? b : (c ? d : e)`.
  private mutating func parseConditional() throws(PluralSyntaxError) -> Int {
    try enter()
    defer { depth -= 1 }
    let condition = try parseBinary(minimumPrecedence: 1)
    skipSpaces()
    guard position < end, text[position] == UInt8(ascii: "?") else { return condition }
    position += 1
    let then = try parseConditional()
    skipSpaces()
    guard position < end, text[position] == UInt8(ascii: ":") else {
      throw PluralSyntaxError(reason: "expected ':', found \(describe(position))", offset: position)
    }
    position += 1
    let otherwise = try parseConditional()
    return add(.conditional(condition, then, otherwise))
  }

  private mutating func parseBinary(minimumPrecedence: Int) throws(PluralSyntaxError) -> Int {
    var left = try parseUnary()
    while true {
      skipSpaces()
      guard let (operation, precedence, length) = peekOperator(), precedence >= minimumPrecedence
      else { return left }
      position += length
      // Left-associative: the right side only takes operators that bind tighter.
      try enter()
      let right = try parseBinary(minimumPrecedence: precedence + 1)
      depth -= 1
      left = add(.binary(operation, left, right))
    }
  }

  private mutating func parseUnary() throws(PluralSyntaxError) -> Int {
    skipSpaces()
    guard position < end else {
      throw PluralSyntaxError(reason: "expected an operand, found the end", offset: position)
    }
    let byte = text[position]
    switch byte {
    case UInt8(ascii: "!"), UInt8(ascii: "-"):
      position += 1
      try enter()
      defer { depth -= 1 }
      let operand = try parseUnary()
      return add(byte == UInt8(ascii: "!") ? .not(operand) : .negate(operand))
    case UInt8(ascii: "("):
      position += 1
      let inner = try parseConditional()
      skipSpaces()
      guard position < end, text[position] == UInt8(ascii: ")") else {
        throw PluralSyntaxError(
          reason: "expected ')' to close '(', found \(describe(position))", offset: position)
      }
      position += 1
      return inner
    case UInt8(ascii: "n"):
      position += 1
      if position < end, isPluralIdentifier(text[position]) {
        throw PluralSyntaxError(reason: "unknown name; only 'n' is allowed", offset: position - 1)
      }
      return add(.variable)
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = position
      var value: UInt64 = 0
      while position < end, text[position] >= UInt8(ascii: "0"), text[position] <= UInt8(ascii: "9")
      {
        let (product, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = product.addingReportingOverflow(UInt64(text[position] - 0x30))
        guard !overflow1 && !overflow2 else {
          throw PluralSyntaxError(reason: "number too large", offset: start)
        }
        value = sum
        position += 1
      }
      return add(.literal(value))
    default:
      throw PluralSyntaxError(
        reason: "expected an operand, found \(describe(position))", offset: position)
    }
  }

  /// The binary operator at the position, its precedence (higher binds tighter) and length.
  private func peekOperator() -> (Operator, Int, Int)? {
    guard position < end else { return nil }
    let first = text[position]
    let second = position + 1 < end ? text[position + 1] : 0
    switch (first, second) {
    case (UInt8(ascii: "|"), UInt8(ascii: "|")): return (.or, 1, 2)
    case (UInt8(ascii: "&"), UInt8(ascii: "&")): return (.and, 2, 2)
    case (UInt8(ascii: "="), UInt8(ascii: "=")): return (.equal, 3, 2)
    case (UInt8(ascii: "!"), UInt8(ascii: "=")): return (.notEqual, 3, 2)
    case (UInt8(ascii: "<"), UInt8(ascii: "=")): return (.lessOrEqual, 4, 2)
    case (UInt8(ascii: ">"), UInt8(ascii: "=")): return (.greaterOrEqual, 4, 2)
    case (UInt8(ascii: "<"), _): return (.less, 4, 1)
    case (UInt8(ascii: ">"), _): return (.greater, 4, 1)
    case (UInt8(ascii: "+"), _): return (.add, 5, 1)
    case (UInt8(ascii: "-"), _): return (.subtract, 5, 1)
    case (UInt8(ascii: "*"), _): return (.multiply, 6, 1)
    case (UInt8(ascii: "/"), _): return (.divide, 6, 1)
    case (UInt8(ascii: "%"), _): return (.remainder, 6, 1)
    default: return nil
    }
  }

  private mutating func skipSpaces() {
    while position < end && isPluralSpace(text[position]) { position += 1 }
  }

  private func describe(_ offset: Int) -> String {
    guard offset < end else { return "the end" }
    var next = offset + 1
    while next < end && text[next] & 0xC0 == 0x80 { next += 1 }
    return "'\(String(decoding: text[offset..<next], as: UTF8.self))'"
  }
}
