extension RouteMatch {
  /// The value of `name` read as `type`.
  ///
  /// The value is looked up like the subscript: path captures first, then the query's last
  /// value, then fragment parameters.
  ///
  /// ```swift
  /// let match = matcher.match("myapp://user/42?page=3")!   // myapp://user/<int:id>
  /// try match.value(Int.self, "id")      // 42
  /// try match.value(Int.self, "page")    // 3
  /// try match.value(Int.self, "size")    // throws: no parameter named 'size' (expected Int)
  /// ```
  /// - Throws: ``RouteParameterError`` naming the parameter, the raw value and the type.
  public func value<T: RouteParameter>(
    _ type: T.Type, _ name: String
  ) throws(RouteParameterError) -> T {
    guard let text = self[name] else {
      throw RouteParameterError(name: name, rawValue: nil, expectedType: typeName(T.self))
    }
    guard let value = T(routeParameter: text) else {
      throw RouteParameterError(name: name, rawValue: text, expectedType: typeName(T.self))
    }
    return value
  }

  /// The value of `name` read as `type`, or `nil` when it is missing or does not convert.
  ///
  /// ```swift
  /// match[Int.self, "id"]     // Optional(42)
  /// match[Int.self, "name"]   // nil
  /// ```
  public subscript<T: RouteParameter>(_ type: T.Type, _ name: String) -> T? {
    self[name].flatMap { T(routeParameter: $0) }
  }

  /// Every query value of `name`, in order, each read as `type` (`?id=1&id=2` → `[1, 2]`).
  ///
  /// A name with no query value gives `[]`.
  ///
  /// - Throws: ``RouteParameterError`` for the first value that does not convert.
  public func values<T: RouteParameter>(
    _ type: T.Type, _ name: String
  ) throws(RouteParameterError) -> [T] {
    var result: [T] = []
    for text in query.all(name) {
      guard let value = T(routeParameter: text) else {
        throw RouteParameterError(name: name, rawValue: text, expectedType: typeName(T.self))
      }
      result.append(value)
    }
    return result
  }

  /// The value of `name` as an `Int` (see ``value(_:_:)``).
  ///
  /// ```swift
  /// let id = try match.int("id")   // 42 for myapp://user/42
  /// ```
  public func int(_ name: String) throws(RouteParameterError) -> Int {
    // An `int` capture's value is read already: its digits are not parsed again.
    if let number = parameter(name)?.intValue { return number }
    return try value(Int.self, name)
  }

  /// The value of `name` as a `Double` (see ``value(_:_:)``).
  public func double(_ name: String) throws(RouteParameterError) -> Double {
    if let number = parameter(name)?.doubleValue { return number }
    return try value(Double.self, name)
  }

  /// The value of `name` as a `Bool`: `true`/`yes`/`1` or `false`/`no`/`0` (see ``value(_:_:)``).
  public func bool(_ name: String) throws(RouteParameterError) -> Bool {
    try value(Bool.self, name)
  }

  /// The value of `name` as text, throwing when there is none (see ``value(_:_:)``).
  public func string(_ name: String) throws(RouteParameterError) -> String {
    try value(String.self, name)
  }
}

func typeName<T>(_ type: T.Type) -> String {
  String(describing: type)
}
