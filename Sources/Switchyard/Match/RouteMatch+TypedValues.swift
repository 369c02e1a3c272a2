extension RouteMatch {
  /// The value of `name` read as `type`: the one typed reader of a match.
  ///
  /// The value is looked up like ``subscript(_:)``: path captures first, then the query's last
  /// value, then fragment parameters. Any ``RouteParameter`` type reads (the standard library's
  /// integers, `Double`, `Float`, `Bool`, `String`, your own enums); the type can be left to
  /// inference. For a value that may be missing, use `try?`.
  ///
  /// ```swift
  /// let match = matcher.match("myapp://user/42?page=3")!   // myapp://user/<int:id>
  /// try match.value("id", as: Int.self)        // 42
  /// let page: Int = try match.value("page")    // 3
  /// try? match.value("size", as: Int.self)     // nil
  /// try match.value("size", as: Int.self)      // throws: no parameter named 'size' (expected Int)
  /// ```
  /// - Throws: ``RouteParameterError`` naming the parameter, the raw value and the type.
  public func value<T: RouteParameter>(
    _ name: String, as type: T.Type = T.self
  ) throws(RouteParameterError) -> T {
    let text: String
    if let captured = parameter(name) {
      // An `int` or `float` capture's value is read already: its digits are not parsed again.
      if T.self == Int.self, let number = captured.intValue as? T { return number }
      if T.self == Double.self, let number = captured.doubleValue as? T { return number }
      text = captured.text
    } else if let found = self[name] {
      text = found
    } else {
      throw RouteParameterError(name: name, rawValue: nil, expectedType: typeName(T.self))
    }
    guard let value = T(routeParameter: text) else {
      throw RouteParameterError(name: name, rawValue: text, expectedType: typeName(T.self))
    }
    return value
  }

  /// Every query value of `name`, in order, each read as `type` (`?id=1&id=2` → `[1, 2]`): the
  /// plural of ``value(_:as:)``.
  ///
  /// A name with no query value gives `[]`.
  ///
  /// ```swift
  /// let match = matcher.match("myapp://list?id=1&id=2")!
  /// try match.values("id", as: Int.self)   // [1, 2]
  /// ```
  /// - Throws: ``RouteParameterError`` for the first value that does not convert.
  public func values<T: RouteParameter>(
    _ name: String, as type: T.Type = T.self
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
}

func typeName<T>(_ type: T.Type) -> String {
  String(describing: type)
}
