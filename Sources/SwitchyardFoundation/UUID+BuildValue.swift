public import Switchyard

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension UUID: BuildValueConvertible {
  /// The canonical text (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`), which a `<uuid:…>`
  /// capture accepts.
  ///
  /// ```swift
  /// try table.url(for: "product", values: ["id": UUID().buildValue])
  /// ```
  public var buildValue: BuildValue { .string(uuidString) }
}

extension BuildValue {
  /// A UUID's canonical text.
  ///
  /// ```swift
  /// let values: [String: BuildValue] = ["id": BuildValue(productID)]
  /// ```
  public init(_ uuid: UUID) { self = .string(uuid.uuidString) }
}
